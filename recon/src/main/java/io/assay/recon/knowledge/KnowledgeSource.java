package io.assay.recon.knowledge;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a dataset's YAML knowledge comes from: the classpath ({@code datasets/<name>/}, as the
 * datasets module ships it) or a directory (to edit the YAML without rebuilding; recon rebuilds
 * when the content changes).
 */
public sealed interface KnowledgeSource {

  /**
   * The files recon reads, in this order; only schema_docs.yaml is required. reader.yaml is the
   * question reader's, carried as written.
   */
  List<String> FILES = List.of("schema_docs.yaml", "metrics.yaml", "codes.yaml", "reader.yaml");

  /** Where the files come from, for messages. */
  String location();

  /** File name → content of the files that exist. */
  Map<String, String> read();

  static KnowledgeSource classpath(String dataset) {
    return new Classpath(dataset);
  }

  static KnowledgeSource directory(Path dir) {
    return new Directory(dir);
  }

  /** {@code datasets/<dataset>/*.yaml} on the classpath. */
  record Classpath(String dataset) implements KnowledgeSource {
    @Override
    public String location() {
      return "classpath:datasets/" + dataset + "/";
    }

    @Override
    public Map<String, String> read() {
      Map<String, String> out = new LinkedHashMap<>();
      ClassLoader cl = Thread.currentThread().getContextClassLoader();
      if (cl == null) {
        cl = KnowledgeSource.class.getClassLoader();
      }
      for (String f : FILES) {
        try (InputStream in = cl.getResourceAsStream("datasets/" + dataset + "/" + f)) {
          if (in != null) {
            out.put(f, new String(in.readAllBytes(), StandardCharsets.UTF_8));
          }
        } catch (IOException e) {
          throw new IllegalStateException("cannot read " + location() + f, e);
        }
      }
      return out;
    }
  }

  /** YAML files in a directory. */
  record Directory(Path dir) implements KnowledgeSource {
    @Override
    public String location() {
      return dir.toAbsolutePath() + "/";
    }

    @Override
    public Map<String, String> read() {
      Map<String, String> out = new LinkedHashMap<>();
      for (String f : FILES) {
        Path p = dir.resolve(f);
        if (Files.isRegularFile(p)) {
          try {
            out.put(f, Files.readString(p, StandardCharsets.UTF_8));
          } catch (IOException e) {
            throw new IllegalStateException("cannot read " + p, e);
          }
        }
      }
      return out;
    }
  }
}
