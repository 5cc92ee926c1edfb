package io.assay.algorithms.eval.nab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * A NAB benchmark folder: {@code data/<category>/<file>.csv}, {@code labels/combined_windows.json},
 * {@code config/profiles.json}, and optionally {@code split_files.json} (which files to use; all
 * labelled files otherwise).
 */
public record NabCorpus(Path root, List<NabFile> files, List<NabProfile> profiles) {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Parses NAB timestamps, with or without the fractional seconds of the label files. */
  static final DateTimeFormatter TIMESTAMP =
      new DateTimeFormatterBuilder()
          .appendPattern("yyyy-MM-dd HH:mm:ss")
          .optionalStart()
          .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
          .optionalEnd()
          .toFormatter();

  public NabCorpus {
    files = List.copyOf(files);
    profiles = List.copyOf(profiles);
  }

  /** Loads a NAB folder; throws {@link IllegalArgumentException} with a clear message if broken. */
  public static NabCorpus load(Path root) {
    if (!Files.isDirectory(root)) {
      throw new IllegalArgumentException("NAB folder not found: " + root);
    }
    Path windowsFile = root.resolve("labels/combined_windows.json");
    Path profilesFile = root.resolve("config/profiles.json");
    for (Path required : List.of(windowsFile, profilesFile, root.resolve("data"))) {
      if (!Files.exists(required)) {
        throw new IllegalArgumentException(
            "not a NAB folder, missing " + root.relativize(required));
      }
    }
    try {
      JsonNode windows = JSON.readTree(windowsFile.toFile());
      List<String> names = new ArrayList<>();
      Path split = root.resolve("split_files.json");
      if (Files.exists(split)) {
        JSON.readTree(split.toFile()).get("files").forEach(n -> names.add(n.asText()));
      } else {
        windows.fieldNames().forEachRemaining(names::add);
      }
      List<NabFile> files = new ArrayList<>();
      for (String name : names) {
        JsonNode limits = windows.get(name);
        if (limits == null) {
          throw new IllegalArgumentException("no label windows for " + name);
        }
        files.add(readFile(root.resolve("data").resolve(name), name, limits));
      }
      return new NabCorpus(root, files, readProfiles(profilesFile));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read NAB folder " + root, e);
    }
  }

  static List<NabProfile> readProfiles(Path file) throws IOException {
    JsonNode node = JSON.readTree(file.toFile());
    List<NabProfile> out = new ArrayList<>();
    Iterator<Map.Entry<String, JsonNode>> it = node.fields();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> e = it.next();
      JsonNode cost = e.getValue().get("CostMatrix");
      out.add(
          new NabProfile(
              e.getKey(),
              cost.get("tpWeight").asDouble(),
              cost.get("fpWeight").asDouble(),
              cost.get("fnWeight").asDouble()));
    }
    return out;
  }

  /** Reads a {@code timestamp,value} CSV and resolves the window limits to row indices. */
  static NabFile readFile(Path csv, String name, JsonNode limits) throws IOException {
    List<LocalDateTime> timestamps = new ArrayList<>();
    List<Double> values = new ArrayList<>();
    readColumns(csv, "value", timestamps, values);
    return new NabFile(name, timestamps, unbox(values), windows(timestamps, limits));
  }

  /** Reads the timestamp column and one numeric column of a NAB-style CSV. */
  static void readColumns(
      Path csv, String column, List<LocalDateTime> timestamps, List<Double> values)
      throws IOException {
    if (!Files.exists(csv)) {
      throw new IllegalArgumentException("missing data file " + csv);
    }
    try (BufferedReader reader = Files.newBufferedReader(csv)) {
      String[] header = reader.readLine().split(",");
      int ts = indexOf(header, "timestamp", csv);
      int col = indexOf(header, column, csv);
      String line;
      int lineNumber = 1;
      while ((line = reader.readLine()) != null) {
        lineNumber++;
        if (line.isBlank()) {
          continue;
        }
        String[] cells = line.split(",");
        try {
          timestamps.add(timestamp(cells[ts].strip()));
          double v = Double.parseDouble(cells[col].strip());
          if (!Double.isFinite(v)) {
            throw new NumberFormatException("not finite");
          }
          values.add(v);
        } catch (RuntimeException e) {
          throw new IllegalArgumentException(
              csv + " line " + lineNumber + ": cannot read '" + line + "': " + e.getMessage(), e);
        }
      }
    }
  }

  /**
   * A data-file timestamp. The plain {@code yyyy-MM-dd HH:mm:ss} form of every NAB row is read
   * digit by digit (the formatter takes most of the loading time on 200,000 rows); anything else
   * goes through {@link #TIMESTAMP}, which also gives the error for a malformed one.
   */
  static LocalDateTime timestamp(String text) {
    if (text.length() == 19
        && text.charAt(4) == '-'
        && text.charAt(7) == '-'
        && text.charAt(10) == ' '
        && text.charAt(13) == ':'
        && text.charAt(16) == ':') {
      int year = digits(text, 0, 4);
      int month = digits(text, 5, 7);
      int day = digits(text, 8, 10);
      int hour = digits(text, 11, 13);
      int minute = digits(text, 14, 16);
      int second = digits(text, 17, 19);
      if (year >= 0 && month >= 0 && day >= 0 && hour >= 0 && minute >= 0 && second >= 0) {
        return LocalDateTime.of(year, month, day, hour, minute, second);
      }
    }
    return LocalDateTime.parse(text, TIMESTAMP);
  }

  /** The number written in {@code text[from, to)}, or -1 if a character is not a digit. */
  private static int digits(String text, int from, int to) {
    int n = 0;
    for (int i = from; i < to; i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      n = n * 10 + (c - '0');
    }
    return n;
  }

  private static int indexOf(String[] header, String column, Path csv) {
    for (int i = 0; i < header.length; i++) {
      if (header[i].strip().equals(column)) {
        return i;
      }
    }
    throw new IllegalArgumentException(csv + " has no column '" + column + "'");
  }

  static List<NabFile.Window> windows(List<LocalDateTime> timestamps, JsonNode limits) {
    Map<LocalDateTime, Integer> index = new HashMap<>();
    for (int i = 0; i < timestamps.size(); i++) {
      index.putIfAbsent(timestamps.get(i), i);
    }
    List<NabFile.Window> out = new ArrayList<>();
    for (JsonNode pair : limits) {
      Integer start = index.get(LocalDateTime.parse(pair.get(0).asText(), TIMESTAMP));
      Integer end = index.get(LocalDateTime.parse(pair.get(1).asText(), TIMESTAMP));
      if (start != null && end != null && end >= start) {
        out.add(new NabFile.Window(start, end));
      }
    }
    return out;
  }

  private static double[] unbox(List<Double> values) {
    double[] out = new double[values.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = values.get(i);
    }
    return out;
  }

  /** Total number of labelled windows. */
  public int windowCount() {
    int n = 0;
    for (NabFile f : files) {
      n += f.windows().size();
    }
    return n;
  }
}
