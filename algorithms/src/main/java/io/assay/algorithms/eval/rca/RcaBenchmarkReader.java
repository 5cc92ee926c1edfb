package io.assay.algorithms.eval.rca;

import io.assay.algorithms.rca.LeafTable;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * Reads a folder laid out like {@code shared/benchmarks/rca} (see its README): every folder that
 * holds an {@code injection_info.csv} is one setting; its {@code *.csv.gz} / {@code *.csv} files
 * are the cases. A file with {@code real_a, predict_a, real_b, predict_b} columns is a derived
 * measure (RS); otherwise {@code real, predict} are the sums and every other column is an
 * attribute.
 */
public final class RcaBenchmarkReader {
  private static final List<String> DERIVED_COLUMNS =
      List.of("real_a", "predict_a", "real_b", "predict_b", "real", "predict");

  private RcaBenchmarkReader() {}

  /** All cases under {@code root}, grouped by dataset in folder order. */
  public static List<RcaCase> read(Path root) throws IOException {
    List<RcaCase> out = new ArrayList<>();
    forEach(root, out::add);
    return out;
  }

  /** Streams the cases one at a time, so a large folder never sits in memory at once. */
  public static void forEach(Path root, java.util.function.Consumer<RcaCase> sink)
      throws IOException {
    if (!Files.isDirectory(root)) {
      throw new IllegalArgumentException("not a directory: " + root);
    }
    List<Path> infos;
    try (Stream<Path> s = Files.walk(root)) {
      infos =
          s.filter(p -> p.getFileName().toString().equals("injection_info.csv")).sorted().toList();
    }
    if (infos.isEmpty()) {
      throw new IllegalArgumentException("no injection_info.csv under " + root);
    }
    for (Path info : infos) {
      Path dir = info.getParent();
      Path rel = root.relativize(dir);
      String dataset = rel.getName(0).toString();
      String setting = settingName(rel);
      for (Map.Entry<String, String> label : labels(info).entrySet()) {
        Path file = caseFile(dir, label.getKey());
        if (file == null) {
          continue; // the label file may list cases that this split does not hold
        }
        sink.accept(
            new RcaCase(
                dataset,
                setting,
                label.getKey(),
                readLeaves(file),
                SetScore.normalise(label.getValue())));
      }
    }
  }

  private static String settingName(Path rel) {
    List<String> parts = new ArrayList<>();
    for (int i = 1; i < rel.getNameCount(); i++) {
      String part = rel.getName(i).toString();
      if (!part.equals("converted")) {
        parts.add(part);
      }
    }
    return String.join("/", parts);
  }

  private static Path caseFile(Path dir, String id) {
    for (String ext : List.of(".csv.gz", ".csv")) {
      Path p = dir.resolve(id + ext);
      if (Files.isRegularFile(p)) {
        return p;
      }
    }
    return null;
  }

  /** case id -> set, from the {@code timestamp} and {@code set} columns. */
  static Map<String, String> labels(Path info) throws IOException {
    Map<String, String> out = new java.util.LinkedHashMap<>();
    try (BufferedReader r = Files.newBufferedReader(info, StandardCharsets.UTF_8)) {
      List<String> header = Arrays.asList(r.readLine().split(",", -1));
      int ts = header.indexOf("timestamp");
      int set = header.indexOf("set");
      if (ts < 0 || set < 0) {
        throw new IOException(info + ": needs 'timestamp' and 'set' columns, has " + header);
      }
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        if (!line.isBlank()) {
          String[] f = line.split(",", -1);
          out.put(f[ts], f[set]);
        }
      }
    }
    return out;
  }

  static LeafTable readLeaves(Path file) throws IOException {
    try (InputStream raw = Files.newInputStream(file);
        InputStream in = file.toString().endsWith(".gz") ? new GZIPInputStream(raw, 1 << 16) : raw;
        BufferedReader r =
            new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16)) {
      String headerLine = r.readLine();
      if (headerLine == null) {
        throw new IOException(file + ": empty file");
      }
      List<String> header = Arrays.asList(headerLine.split(",", -1));
      boolean derived = header.contains("real_a");
      List<String> attributes = new ArrayList<>();
      List<Integer> attrIdx = new ArrayList<>();
      for (int i = 0; i < header.size(); i++) {
        String h = header.get(i);
        boolean metric =
            derived ? DERIVED_COLUMNS.contains(h) : h.equals("real") || h.equals("predict");
        if (!metric) {
          attributes.add(h);
          attrIdx.add(i);
        }
      }
      Map<String, Integer> col = new HashMap<>();
      for (int i = 0; i < header.size(); i++) {
        col.put(header.get(i), i);
      }
      LeafTable.Builder b =
          derived ? LeafTable.derived(attributes) : LeafTable.fundamental(attributes);
      String[] values = new String[attributes.size()];
      List<String> view = Arrays.asList(values);
      int lineNo = 1;
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        lineNo++;
        if (line.isEmpty()) {
          continue;
        }
        String[] f = line.split(",", -1);
        if (f.length != header.size()) {
          throw new IOException(file + ":" + lineNo + ": expected " + header.size() + " fields");
        }
        for (int a = 0; a < values.length; a++) {
          values[a] = f[attrIdx.get(a)];
        }
        try {
          if (derived) {
            b.addRatio(
                view,
                num(f[col.get("real_a")]),
                num(f[col.get("predict_a")]),
                num(f[col.get("real_b")]),
                num(f[col.get("predict_b")]));
          } else {
            b.add(view, num(f[col.get("real")]), num(f[col.get("predict")]));
          }
        } catch (IllegalArgumentException e) {
          throw new IOException(file + ":" + lineNo + ": " + e.getMessage(), e);
        }
      }
      return b.build();
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  private static double num(String s) {
    return s.isEmpty() ? 0.0 : Double.parseDouble(s);
  }
}
