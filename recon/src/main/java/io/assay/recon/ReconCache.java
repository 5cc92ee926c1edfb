package io.assay.recon;

import io.assay.recon.knowledge.KnowledgeSource;
import io.assay.recon.schema.SnapshotCache;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps one {@link Recon} current: built on first use (or eagerly with {@link #refresh()} at
 * start-up), then rebuilt when the fingerprint of the YAML and the schema structure changes. The
 * fingerprint is polled at most once per {@code checkInterval}, so {@link #get()} is cheap.
 */
public final class ReconCache {

  private static final Logger log = LoggerFactory.getLogger(ReconCache.class);

  private final DataSource dataSource;
  private final KnowledgeSource source;
  private final Duration checkInterval;
  private final Clock clock;
  private final SnapshotCache snapshots;
  private Recon current;
  private Instant lastCheck = Instant.MIN;
  private RuntimeException lastFailure;

  public ReconCache(DataSource dataSource, String dataset) {
    this(dataSource, KnowledgeSource.classpath(dataset), Duration.ofSeconds(30), Clock.systemUTC());
  }

  public ReconCache(
      DataSource dataSource, KnowledgeSource source, Duration checkInterval, Clock clock) {
    this(dataSource, source, checkInterval, clock, null);
  }

  /**
   * @param snapshots where schema snapshots are kept between starts (null: none); only for data
   *     Assay replaces by reloading, see {@link ReconLoader#load(DataSource, KnowledgeSource,
   *     SnapshotCache)}
   */
  public ReconCache(
      DataSource dataSource,
      KnowledgeSource source,
      Duration checkInterval,
      Clock clock,
      SnapshotCache snapshots) {
    this.dataSource = dataSource;
    this.source = source;
    this.checkInterval = checkInterval;
    this.clock = clock;
    this.snapshots = snapshots;
  }

  /**
   * The current recon, rebuilt first if the YAML or the schema changed since it was built. When a
   * rebuild fails (say a YAML edit broke a file), the previous recon keeps serving and the failure
   * is logged and kept in {@link #lastFailure()}; the first build's failure is thrown.
   */
  public synchronized Recon get() {
    Instant now = clock.instant();
    if (current == null) {
      current = ReconLoader.load(dataSource, source, snapshots);
      lastCheck = now;
      log.info("recon built for {} (fingerprint {})", current.dataset(), current.fingerprint());
    } else if (Duration.between(lastCheck, now).compareTo(checkInterval) >= 0) {
      lastCheck = now;
      try {
        refreshIfChanged();
        lastFailure = null;
      } catch (RuntimeException e) {
        lastFailure = e;
        log.error("recon rebuild failed; still serving fingerprint {}", current.fingerprint(), e);
      }
    }
    return current;
  }

  /** Why the last automatic rebuild failed, or null when it did not. */
  public synchronized RuntimeException lastFailure() {
    return lastFailure;
  }

  /** Rebuilds now when the fingerprint changed; returns whether it did. */
  public synchronized boolean refreshIfChanged() {
    String fp = ReconLoader.currentFingerprint(dataSource, source);
    if (current != null && fp.equals(current.fingerprint())) {
      return false;
    }
    current = ReconLoader.load(dataSource, source, snapshots);
    lastCheck = clock.instant();
    log.info("recon rebuilt for {} (fingerprint {})", current.dataset(), current.fingerprint());
    return true;
  }

  /** Rebuilds unconditionally (e.g. after reloading the warehouse's data). */
  public synchronized Recon refresh() {
    current = ReconLoader.load(dataSource, source, snapshots);
    lastCheck = clock.instant();
    return current;
  }
}
