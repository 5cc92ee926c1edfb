package io.assay.datasets.registry;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The datasets Assay serves, in the configured order (the first is the default). Each is a folder
 * {@code datasets/<name>/} holding {@code dataset.yaml} and the YAML recon reads; the folder is on
 * the classpath (the datasets shipped with Assay, or test resources) or under a configured
 * directory (a team's own datasets, editable without a rebuild).
 */
public final class DatasetRegistry {

  private final Map<String, DatasetDefinition> datasets;
  private final Map<String, Path> folders;

  private DatasetRegistry(Map<String, DatasetDefinition> datasets, Map<String, Path> folders) {
    if (datasets.isEmpty()) {
      throw new DatasetConfigException(
          List.of("no dataset is configured (assay.datasets.enabled)"));
    }
    this.datasets = datasets;
    this.folders = folders;
  }

  /**
   * The named datasets, each from {@code <directory>/<name>/} when a directory is given and holds
   * that folder, else from the classpath.
   *
   * @throws DatasetConfigException a name without a dataset.yaml, or a malformed one (all listed)
   */
  public static DatasetRegistry load(List<String> names, Optional<Path> directory) {
    Map<String, DatasetDefinition> datasets = new LinkedHashMap<>();
    Map<String, Path> folders = new LinkedHashMap<>();
    List<String> problems = new ArrayList<>();
    for (String raw : names) {
      String name = raw.strip();
      if (!DatasetDefinition.IDENTIFIER.matcher(name).matches()) {
        problems.add("dataset name '" + name + "' is not a lower-case identifier");
        continue;
      }
      if (datasets.containsKey(name)) {
        problems.add("dataset '" + name + "' is listed twice");
        continue;
      }
      try {
        Optional<Path> folder = directory.map(d -> d.resolve(name)).filter(Files::isDirectory);
        DatasetDefinition d =
            folder.isPresent() ? fromFolder(name, folder.get()) : fromClasspath(name);
        datasets.put(name, d);
        folder.ifPresent(f -> folders.put(name, f));
      } catch (DatasetConfigException e) {
        problems.addAll(e.problems());
      }
    }
    if (!problems.isEmpty()) {
      throw new DatasetConfigException(problems);
    }
    return new DatasetRegistry(datasets, folders);
  }

  /** The names of the datasets shipped with Assay ({@code datasets/shipped.yaml}), in order. */
  public static List<String> shipped() {
    ClassLoader cl = DatasetRegistry.class.getClassLoader();
    try (InputStream in = cl.getResourceAsStream("datasets/shipped.yaml")) {
      if (in == null) {
        throw new DatasetConfigException(List.of("no datasets/shipped.yaml on the classpath"));
      }
      Shipped s =
          new com.fasterxml.jackson.dataformat.yaml.YAMLMapper().readValue(in, Shipped.class);
      return List.copyOf(s.datasets());
    } catch (IOException e) {
      throw new DatasetConfigException(List.of("cannot read datasets/shipped.yaml: " + e));
    }
  }

  record Shipped(List<String> datasets) {}

  /** The given definitions (tests). */
  public static DatasetRegistry of(List<DatasetDefinition> definitions) {
    Map<String, DatasetDefinition> map = new LinkedHashMap<>();
    definitions.forEach(d -> map.put(d.name(), d));
    return new DatasetRegistry(map, Map.of());
  }

  private static DatasetDefinition fromClasspath(String name) {
    String resource = "datasets/" + name + "/" + DatasetDefinition.FILE;
    ClassLoader cl = Thread.currentThread().getContextClassLoader();
    if (cl == null) {
      cl = DatasetRegistry.class.getClassLoader();
    }
    try (InputStream in = cl.getResourceAsStream(resource)) {
      if (in == null) {
        throw new DatasetConfigException(
            List.of("dataset '" + name + "': no " + resource + " on the classpath"));
      }
      return DatasetDefinition.parse(
          name, new String(in.readAllBytes(), StandardCharsets.UTF_8), "classpath:" + resource);
    } catch (IOException e) {
      throw new DatasetConfigException(List.of("cannot read classpath:" + resource + ": " + e));
    }
  }

  private static DatasetDefinition fromFolder(String name, Path folder) {
    Path file = folder.resolve(DatasetDefinition.FILE);
    try {
      return DatasetDefinition.parse(name, Files.readString(file), file.toString());
    } catch (IOException e) {
      throw new DatasetConfigException(List.of("cannot read " + file + ": " + e.getMessage()));
    }
  }

  /** Every dataset, in the configured order. */
  public List<DatasetDefinition> all() {
    return List.copyOf(datasets.values());
  }

  public List<String> names() {
    return List.copyOf(datasets.keySet());
  }

  /** The first configured dataset: what a job without a dataset is about. */
  public DatasetDefinition defaultDataset() {
    return datasets.values().iterator().next();
  }

  public Optional<DatasetDefinition> find(String name) {
    return Optional.ofNullable(name == null ? null : datasets.get(name.strip()));
  }

  /**
   * @throws UnknownDatasetException naming the datasets that exist
   */
  public DatasetDefinition require(String name) {
    return find(name).orElseThrow(() -> new UnknownDatasetException(name, names()));
  }

  /** The folder the dataset's YAML was read from, when not the classpath. */
  public Optional<Path> folder(String name) {
    return Optional.ofNullable(folders.get(name));
  }

  /** A registry holding only the datasets {@code keep} accepts, in the same order. */
  public DatasetRegistry only(java.util.function.Predicate<String> keep) {
    Map<String, DatasetDefinition> kept = new LinkedHashMap<>();
    Map<String, Path> keptFolders = new LinkedHashMap<>();
    datasets.forEach(
        (n, d) -> {
          if (keep.test(n)) {
            kept.put(n, d);
            if (folders.containsKey(n)) {
              keptFolders.put(n, folders.get(n));
            }
          }
        });
    return new DatasetRegistry(kept, keptFolders);
  }
}
