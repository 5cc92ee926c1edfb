package io.assay.datasets.registry;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A dataset served a second time, from a copy of its schema: a folder {@code <parent>/<name>/}
 * holding an {@code external} dataset.yaml for the copy and the original's knowledge YAML with its
 * {@code dataset:} and {@code schema:} replaced, so recon, the value index and jobs treat the copy
 * as a dataset of its own. Registered the ordinary way, by listing the name with the parent as
 * {@code assay.datasets.dir}; read back here through {@link DatasetRegistry#load}, so a folder the
 * registry would refuse is refused at once.
 */
public final class ExternalCopy {

  /** The file of the knowledge YAML that names the dataset and its schema. */
  static final String SCHEMA_DOCS = "schema_docs.yaml";

  private ExternalCopy() {}

  /**
   * Writes the copy's folder and returns its definition as the registry reads it.
   *
   * @param knowledge the original's knowledge files by file name (its dataset.yaml is ignored)
   * @param name the copy's dataset name, also the folder's
   * @param schema the schema holding the copied tables
   * @throws DatasetConfigException names or YAML the registry refuses
   */
  public static DatasetDefinition write(
      DatasetDefinition original,
      Map<String, String> knowledge,
      String name,
      String schema,
      Path parent) {
    for (String id : List.of(name, schema)) {
      if (!DatasetDefinition.IDENTIFIER.matcher(id).matches()) {
        throw new DatasetConfigException(
            List.of("'" + id + "' is not a lower-case identifier for a copy of a dataset"));
      }
    }
    String docs = knowledge.get(SCHEMA_DOCS);
    if (docs == null) {
      throw new DatasetConfigException(
          List.of("dataset '" + original.name() + "' has no " + SCHEMA_DOCS));
    }
    docs = replace("dataset", docs, original.name(), name, original.name());
    docs = replace("schema", docs, original.schema(), schema, original.name());
    Path folder = parent.resolve(name);
    try {
      Files.createDirectories(folder);
      for (Map.Entry<String, String> f : knowledge.entrySet()) {
        if (f.getKey().equals(DatasetDefinition.FILE) || f.getKey().contains("/")) {
          continue;
        }
        Files.writeString(
            folder.resolve(f.getKey()), f.getKey().equals(SCHEMA_DOCS) ? docs : f.getValue());
      }
      Files.writeString(folder.resolve(DatasetDefinition.FILE), definition(original, name, schema));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the copy's folder " + folder, e);
    }
    return DatasetRegistry.load(List.of(name), Optional.of(parent)).require(name);
  }

  /** Removes the copy's folder, if any. */
  public static void remove(Path parent, String name) {
    Path folder = parent.resolve(name);
    if (!Files.isDirectory(folder)) {
      return;
    }
    try (Stream<Path> files = Files.walk(folder)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot remove the copy's folder " + folder, e);
    }
  }

  private static String definition(DatasetDefinition original, String name, String schema) {
    return "# A copy of dataset "
        + original.name()
        + " in schema "
        + schema
        + ", served while it is in use and removed afterwards.\n"
        + "name: "
        + name
        + "\ntitle: \""
        + (original.title() + " (copy)").replace("\"", "'")
        + "\"\nschema: "
        + schema
        + "\nsource:\n  kind: external\n";
  }

  private static String replace(
      String key, String text, String expected, String replacement, String dataset) {
    Matcher m = Pattern.compile("(?m)^" + key + ":[ \\t]*(\\S+)[ \\t]*$").matcher(text);
    if (!m.find() || !m.group(1).equals(expected)) {
      throw new DatasetConfigException(
          List.of(
              "dataset '"
                  + dataset
                  + "': "
                  + SCHEMA_DOCS
                  + " does not declare '"
                  + key
                  + ": "
                  + expected
                  + "'"));
    }
    return m.replaceFirst(m.group().replace(expected, replacement));
  }
}
