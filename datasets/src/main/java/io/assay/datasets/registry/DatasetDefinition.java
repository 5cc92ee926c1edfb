package io.assay.datasets.registry;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One dataset as {@code datasets/<name>/dataset.yaml} declares it: its name, a title for people,
 * the database schema holding its tables and where its rows come from. The knowledge about its
 * tables (schema_docs, metrics, codes) sits next to it and is read by recon.
 *
 * @param name lower-case identifier, also the folder name
 * @param title short label for menus
 * @param description one or two sentences for people choosing a dataset
 * @param schema the database schema the tables live in (loaded there, or read there)
 * @param source where the rows come from
 */
public record DatasetDefinition(
    String name, String title, String description, String schema, DataOrigin source) {

  /** Names of datasets, schemas and loaders: spliced into DDL, so plain identifiers only. */
  public static final Pattern IDENTIFIER = Pattern.compile("[a-z][a-z0-9_]{0,62}");

  /** The file naming a dataset, in its folder. */
  public static final String FILE = "dataset.yaml";

  private static final ObjectMapper YAML = new YAMLMapper();

  /** The loaders built into Assay for {@link DataOrigin.Files}. */
  public static final List<String> FILE_LOADERS = List.of("financial");

  record Doc(String name, String title, String description, String schema, SourceDoc source) {}

  record SourceDoc(
      String kind,
      String loader,
      String dir,
      List<String> files,
      @JsonProperty("dump_schema") String dumpSchema) {}

  /**
   * Parses and checks the dataset.yaml of a folder that is not (yet) registered, such as a draft
   * being finished: its {@code name} need not match the folder's.
   *
   * @throws DatasetConfigException listing every problem
   */
  public static DatasetDefinition parseUnregistered(Path folder) {
    Path file = folder.resolve(FILE);
    String yaml;
    try {
      yaml = Files.readString(file);
    } catch (IOException e) {
      throw new DatasetConfigException(List.of("cannot read " + file + ": " + e.getMessage()));
    }
    String name;
    try {
      Doc doc = YAML.readValue(yaml, Doc.class);
      name = doc == null ? null : doc.name();
    } catch (JsonProcessingException e) {
      throw new DatasetConfigException(List.of(file + ": " + e.getOriginalMessage()));
    }
    return parse(name == null ? "" : name, yaml, file.toString());
  }

  /**
   * Parses and checks a dataset.yaml.
   *
   * @param folder the dataset's folder name, which must equal its {@code name}
   * @param location for messages (file path or classpath location)
   * @throws DatasetConfigException listing every problem
   */
  public static DatasetDefinition parse(String folder, String yaml, String location) {
    Doc doc;
    try {
      doc = YAML.readValue(yaml, Doc.class);
    } catch (JsonProcessingException e) {
      throw new DatasetConfigException(List.of(location + ": " + e.getOriginalMessage()));
    }
    List<String> problems = new ArrayList<>();
    if (doc == null) {
      throw new DatasetConfigException(List.of(location + ": the file is empty"));
    }
    if (doc.name() == null || !IDENTIFIER.matcher(doc.name()).matches()) {
      problems.add(location + ": name: a lower-case identifier is required, was " + doc.name());
    } else if (!doc.name().equals(folder)) {
      problems.add(
          location + ": name: '" + doc.name() + "' differs from its folder '" + folder + "'");
    }
    if (doc.schema() == null || !IDENTIFIER.matcher(doc.schema()).matches()) {
      problems.add(location + ": schema: a lower-case identifier is required, was " + doc.schema());
    }
    DataOrigin origin = origin(doc.source(), location, problems);
    if (!problems.isEmpty()) {
      throw new DatasetConfigException(problems);
    }
    String title = doc.title() == null || doc.title().isBlank() ? doc.name() : doc.title();
    return new DatasetDefinition(
        doc.name(),
        title,
        doc.description() == null ? "" : doc.description().strip(),
        doc.schema(),
        origin);
  }

  private static DataOrigin origin(SourceDoc s, String location, List<String> problems) {
    String key = location + ": source";
    if (s == null || s.kind() == null) {
      problems.add(key + ".kind: missing (files, sql_dump or external)");
      return null;
    }
    switch (s.kind()) {
      case "files" -> {
        if (s.loader() == null || !FILE_LOADERS.contains(s.loader())) {
          problems.add(key + ".loader: one of " + FILE_LOADERS + " is required, was " + s.loader());
        }
        forbid(problems, key, "files", s.files(), "dump_schema", s.dumpSchema());
        return new DataOrigin.Files(s.loader(), dir(s, key, problems));
      }
      case "sql_dump" -> {
        if (s.files() == null || s.files().isEmpty()) {
          problems.add(key + ".files: name the dump files, applied in order");
        }
        String dumpSchema = s.dumpSchema() == null ? "public" : s.dumpSchema();
        if (!IDENTIFIER.matcher(dumpSchema).matches()) {
          problems.add(key + ".dump_schema: a lower-case identifier is required");
        }
        forbid(problems, key, "loader", s.loader(), "files", null);
        return new DataOrigin.SqlDump(
            dir(s, key, problems), s.files() == null ? List.of() : s.files(), dumpSchema);
      }
      case "external" -> {
        forbid(problems, key, "loader", s.loader(), "files", s.files());
        forbid(problems, key, "dir", s.dir(), "dump_schema", s.dumpSchema());
        return new DataOrigin.External();
      }
      default -> {
        problems.add(key + ".kind: '" + s.kind() + "' is not one of files, sql_dump, external");
        return null;
      }
    }
  }

  private static Path dir(SourceDoc s, String key, List<String> problems) {
    if (s.dir() == null || s.dir().isBlank()) {
      problems.add(key + ".dir: missing (the default directory of the data files)");
      return Path.of(".");
    }
    return Path.of(s.dir());
  }

  private static void forbid(
      List<String> problems, String key, String a, Object aValue, String b, Object bValue) {
    if (aValue != null) {
      problems.add(key + "." + a + ": not used by this kind of source");
    }
    if (bValue != null) {
      problems.add(key + "." + b + ": not used by this kind of source");
    }
  }

  /** Whether Assay loads the rows itself (into its own database) rather than only reading them. */
  public boolean managed() {
    return !(source instanceof DataOrigin.External);
  }
}
