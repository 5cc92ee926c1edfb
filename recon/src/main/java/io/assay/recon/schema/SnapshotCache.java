package io.assay.recon.schema;

import io.assay.pick.PickJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Schema snapshots kept on disk by key, so a restart on unchanged data does not scan every table
 * again to rebuild recon. The key must change whenever the data may have: for a warehouse Assay
 * loads, the YAML and structure fingerprint plus the tables' storage identities (a reload creates
 * new ones). A file that cannot be read is ignored (the snapshot is taken again).
 */
public final class SnapshotCache {
  private static final Logger log = LoggerFactory.getLogger(SnapshotCache.class);
  private static final Pattern SAFE = Pattern.compile("[a-z0-9_]+");

  private final Path dir;

  public SnapshotCache(Path dir) {
    this.dir = dir;
  }

  private Path file(String dataset, String key) {
    if (!SAFE.matcher(dataset).matches()) {
      throw new IllegalArgumentException("not a dataset name: " + dataset);
    }
    return dir.resolve(dataset + "-" + Integer.toHexString(key.hashCode()) + ".json");
  }

  /** The snapshot stored under {@code key}, if any. */
  public Optional<SchemaSnapshot> find(String dataset, String key) {
    Path f = file(dataset, key);
    if (!Files.isRegularFile(f)) {
      return Optional.empty();
    }
    try {
      Stored s = PickJson.mapper().readValue(f.toFile(), Stored.class);
      return key.equals(s.key()) ? Optional.of(s.snapshot()) : Optional.empty();
    } catch (IOException | RuntimeException e) {
      log.warn("ignoring unreadable recon snapshot {}: {}", f, e.getMessage());
      return Optional.empty();
    }
  }

  /** Stores the snapshot under {@code key}, replacing older snapshots of the dataset. */
  public void store(String dataset, String key, SchemaSnapshot snapshot) {
    Path f = file(dataset, key);
    try {
      Files.createDirectories(dir);
      try (var old = Files.newDirectoryStream(dir, dataset + "-*.json")) {
        for (Path p : old) {
          Files.deleteIfExists(p);
        }
      }
      Path tmp = Files.createTempFile(dir, dataset, ".tmp");
      PickJson.mapper().writeValue(tmp.toFile(), new Stored(key, snapshot));
      Files.move(tmp, f, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      // A cache that cannot be written only costs the next start a scan.
      log.warn("cannot store recon snapshot {}: {}", f, e.getMessage());
    }
  }

  record Stored(String key, SchemaSnapshot snapshot) {}
}
