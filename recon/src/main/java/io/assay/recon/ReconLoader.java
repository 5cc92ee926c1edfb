package io.assay.recon;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.assay.pick.PickJson;
import io.assay.recon.knowledge.KnowledgeSource;
import io.assay.recon.schema.SchemaIntrospector;
import io.assay.recon.schema.SchemaSnapshot;
import io.assay.recon.schema.SnapshotCache;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import javax.sql.DataSource;

/**
 * Builds {@link Recon}: reads the dataset YAML, introspects the schema it names, checks one against
 * the other and assembles the knowledge graph. Fails with {@link ReconConfigException} listing
 * every problem with its file and key.
 */
public final class ReconLoader {

  private ReconLoader() {}

  /**
   * Loads the dataset's YAML from the classpath ({@code datasets/<dataset>/}) and introspects the
   * database through {@code dataSource} (the read-only role is enough).
   */
  public static Recon load(DataSource dataSource, String dataset) {
    return load(dataSource, KnowledgeSource.classpath(dataset));
  }

  /** Like {@link #load(DataSource, String)} with the YAML from any source. */
  public static Recon load(DataSource dataSource, KnowledgeSource source) {
    return load(dataSource, source, null);
  }

  /**
   * Like {@link #load(DataSource, KnowledgeSource)}, reusing a snapshot of {@code cache} taken of
   * the same YAML, structure and table storage (only for data that changes by being reloaded: a
   * table updated in place keeps its storage and would keep a stale snapshot).
   *
   * @param cache null to always take a new snapshot
   */
  public static Recon load(DataSource dataSource, KnowledgeSource source, SnapshotCache cache) {
    Map<String, String> files = source.read();
    ReconAssembler.Parsed parsed = ReconAssembler.parse(files, source.location());
    String schema = parsed.docs().schema();
    SchemaIntrospector introspector = new SchemaIntrospector(dataSource);
    SchemaSnapshot snapshot;
    if (cache == null) {
      snapshot = introspector.snapshot(schema, excluded(parsed));
    } else {
      SchemaSnapshot structure = introspector.structure(schema, excluded(parsed));
      String key =
          SchemaIntrospector.VALUES_VERSION
              + ";"
              + fingerprint(files, structure)
              + ";"
              + introspector.storageVersion(schema);
      String dataset = parsed.docs().dataset();
      snapshot =
          cache
              .find(dataset, key)
              .filter(s -> s.structure().equals(structure))
              .orElseGet(
                  () -> {
                    SchemaSnapshot taken = introspector.snapshot(schema, excluded(parsed));
                    cache.store(dataset, key, taken);
                    return taken;
                  });
    }
    return ReconAssembler.assemble(parsed, snapshot, fingerprint(files, snapshot));
  }

  /**
   * Builds recon from a schema snapshot instead of a database (benchmarks, planner unit tests,
   * offline inspection).
   */
  public static Recon fromSnapshot(SchemaSnapshot snapshot, KnowledgeSource source) {
    Map<String, String> files = source.read();
    ReconAssembler.Parsed parsed = ReconAssembler.parse(files, source.location());
    if (!parsed.docs().schema().equals(snapshot.schema())) {
      throw new ReconConfigException(
          java.util.List.of(
              ReconAssembler.SCHEMA_DOCS
                  + ": schema: '"
                  + parsed.docs().schema()
                  + "' but the snapshot is of schema '"
                  + snapshot.schema()
                  + "'"));
    }
    return ReconAssembler.assemble(parsed, snapshot, fingerprint(files, snapshot));
  }

  /**
   * The fingerprint recon would have if built now: cheap (reads the YAML and the schema's metadata,
   * no table scans), so a cache can poll it.
   */
  public static String currentFingerprint(DataSource dataSource, KnowledgeSource source) {
    Map<String, String> files = source.read();
    ReconAssembler.Parsed parsed = ReconAssembler.parse(files, source.location());
    return fingerprint(
        files,
        new SchemaIntrospector(dataSource).structure(parsed.docs().schema(), excluded(parsed)));
  }

  /**
   * The schema snapshot shipped with recon for a dataset ({@code financial}): the structure and
   * data facts of the warehouse the datasets module loads, for building recon without a database. A
   * database test checks it still equals the live introspection.
   */
  public static SchemaSnapshot bundledSnapshot(String dataset) {
    String resource = "io/assay/recon/schema/" + dataset + "-snapshot.json";
    try (InputStream in = ReconLoader.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalArgumentException(
            "no bundled schema snapshot for dataset '" + dataset + "'");
      }
      return PickJson.mapper().readValue(in, SchemaSnapshot.class);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read " + resource, e);
    }
  }

  /** Tables schema_docs.yaml leaves out of recon (views that repeat tables, staging tables). */
  private static java.util.Set<String> excluded(ReconAssembler.Parsed parsed) {
    return parsed.docs().exclude() == null
        ? java.util.Set.of()
        : java.util.Set.copyOf(parsed.docs().exclude());
  }

  static String fingerprint(Map<String, String> files, SchemaSnapshot snapshot) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      for (Map.Entry<String, String> f : new TreeMap<>(files).entrySet()) {
        sha.update(f.getKey().getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
        sha.update(f.getValue().getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
      }
      sha.update(PickJson.mapper().writeValueAsBytes(snapshot.structure()));
      return HexFormat.of().formatHex(sha.digest());
    } catch (NoSuchAlgorithmException | JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
