package io.assay.datasets.testing;

import io.assay.datasets.embedded.DataDirectoryInUseException;
import io.assay.datasets.embedded.EmbeddedPostgresConfig;
import io.assay.datasets.embedded.EmbeddedPostgresServer;
import io.assay.datasets.financial.FinancialSource;
import io.assay.datasets.registry.DataOrigin;
import io.assay.datasets.registry.DatasetDefinition;
import io.assay.datasets.registry.DatasetLoad;
import io.assay.datasets.registry.DatasetLoader;
import io.assay.datasets.registry.DatasetRegistry;
import io.assay.datasets.warehouse.FinancialWarehouse;
import io.assay.datasets.warehouse.LoadReport;
import io.assay.datasets.warehouse.ReaderRole;
import io.assay.datasets.warehouse.ReaderSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.sql.DataSource;

/**
 * The embedded PostgreSQL with the loaded financial warehouse, shared by every test of a JVM.
 *
 * <p>Data directory {@code ${assay.root}/target/test-warehouse}, or {@code
 * -Dassay.test.warehouse.dir}; it persists, so the warehouse is loaded once per build and later
 * JVMs only start the server (a second load finds every table loaded). The tables come from {@code
 * ${assay.root}/../shared/datasets/financial} when that exists, else they are generated. PostgreSQL
 * stops in a shutdown hook. Two JVMs cannot share one data directory: run tests with your own
 * {@code -Dassay.test.warehouse.dir} while others may run theirs.
 */
public final class TestWarehouse {

  public static final String DIR_PROPERTY = "assay.test.warehouse.dir";
  public static final String READER_PASSWORD = "assay-reader-test";

  private static TestWarehouse instance;
  private static RuntimeException startFailure;

  private final EmbeddedPostgresServer server;
  private final ReaderSettings readerSettings;
  private final LoadReport loadReport;
  private final Set<String> readyDatasets = new HashSet<>();

  private TestWarehouse(
      EmbeddedPostgresServer server, ReaderSettings readerSettings, LoadReport loadReport) {
    this.server = server;
    this.readerSettings = readerSettings;
    this.loadReport = loadReport;
  }

  /** The started, loaded warehouse; the first call starts and (if needed) loads it. */
  public static synchronized TestWarehouse get() {
    if (instance != null) {
      return instance;
    }
    if (startFailure != null) {
      // Fail every later test fast with the same cause instead of retrying a slow start.
      throw new IllegalStateException("test warehouse failed to start earlier", startFailure);
    }
    try {
      instance = start();
      return instance;
    } catch (RuntimeException e) {
      startFailure = e;
      throw e;
    }
  }

  private static TestWarehouse start() {
    Path dataDirectory = dataDirectory();
    EmbeddedPostgresServer server;
    try {
      server = EmbeddedPostgresServer.start(EmbeddedPostgresConfig.of(dataDirectory, 0));
    } catch (DataDirectoryInUseException e) {
      throw new IllegalStateException(
          e.getMessage()
              + " Run your tests with -D"
              + DIR_PROPERTY
              + "=/tmp/wh-<yourname> while others run theirs.",
          e);
    }
    Runtime.getRuntime().addShutdownHook(new Thread(server::close, "test-warehouse-postgres-stop"));
    ReaderSettings reader =
        new ReaderSettings(
            ReaderSettings.DEFAULT_ROLE, READER_PASSWORD, ReaderSettings.DEFAULT_STATEMENT_TIMEOUT);
    LoadReport report =
        new FinancialWarehouse(server.adminDataSource(), reader)
            .load(FinancialSource.resolve(Optional.empty(), financialDirectory()));
    if (report.loadedAnything()) {
      System.out.println(report.summary());
    }
    return new TestWarehouse(server, reader, report);
  }

  /** The checkout root: system property {@code assay.root} (set by surefire), else searched. */
  public static Path assayRoot() {
    String root = System.getProperty("assay.root");
    if (root != null && !root.isBlank()) {
      return Path.of(root).toAbsolutePath().normalize();
    }
    Path dir = Path.of("").toAbsolutePath();
    for (Path p = dir; p != null; p = p.getParent()) {
      if (Files.isRegularFile(p.resolve("datasets/pom.xml"))
          && Files.isRegularFile(p.resolve("pom.xml"))) {
        return p;
      }
    }
    throw new IllegalStateException(
        "system property assay.root is not set and no checkout root is above " + dir);
  }

  /**
   * The read-only shared material: {@code -Dassay.shared} when set (a worktree whose parent has no
   * shared folder), else {@code ${assay.root}/../shared}.
   */
  public static Path sharedDirectory() {
    String configured = System.getProperty("assay.shared");
    if (configured != null && !configured.isBlank()) {
      return Path.of(configured).toAbsolutePath().normalize();
    }
    return assayRoot().resolve("../shared").normalize();
  }

  /** Where the PKDD'99 files are expected; may not exist. */
  public static Path financialDirectory() {
    return sharedDirectory().resolve("datasets/financial");
  }

  public static Path dataDirectory() {
    String configured = System.getProperty(DIR_PROPERTY);
    return configured != null && !configured.isBlank()
        ? Path.of(configured).toAbsolutePath()
        : assayRoot().resolve("target/test-warehouse");
  }

  /**
   * Makes a dataset on the classpath ready in this warehouse; loads only when its schema does not
   * hold the data yet. Its data directory is the dataset.yaml default: under {@code ../shared} (as
   * {@link #sharedDirectory()} resolves it) or relative to the checkout root.
   *
   * @return false when the data directory is absent (tests then skip)
   */
  public synchronized boolean ensureDataset(String name) {
    if (readyDatasets.contains(name)) {
      return true;
    }
    DatasetDefinition d = DatasetRegistry.load(List.of(name), Optional.empty()).require(name);
    Path dir = dataDirectory(d);
    if (dir == null || !Files.isDirectory(dir)) {
      return false;
    }
    DatasetLoad load =
        new DatasetLoader(adminDataSource(), readerSettings).load(d, Optional.of(dir));
    if (load.status() == DatasetLoad.Status.LOADED) {
      System.out.println(load.detail());
    }
    readyDatasets.add(name);
    return true;
  }

  private static Path dataDirectory(DatasetDefinition d) {
    Path dir;
    if (d.source() instanceof DataOrigin.SqlDump dump) {
      dir = dump.dir();
    } else if (d.source() instanceof DataOrigin.Files files) {
      dir = files.dir();
    } else {
      return null;
    }
    Path shared = Path.of("..", "shared");
    return dir.startsWith(shared)
        ? sharedDirectory().resolve(shared.relativize(dir))
        : assayRoot().resolve(dir);
  }

  /** Superuser connections to database {@code assay}. */
  public DataSource adminDataSource() {
    return server.adminDataSource();
  }

  /** Connections as {@code assay_reader}: SELECT on schema financial only, read-only. */
  public DataSource readerDataSource() {
    return ReaderRole.dataSource(jdbcUrl(), readerSettings);
  }

  /** JDBC URL of database {@code assay}, without credentials. */
  public String jdbcUrl() {
    return server.jdbcUrl();
  }

  public int port() {
    return server.port();
  }

  public String adminUsername() {
    return server.username();
  }

  public String adminPassword() {
    return server.password();
  }

  public String readerUsername() {
    return readerSettings.role();
  }

  public String readerPassword() {
    return readerSettings.password();
  }

  public ReaderSettings readerSettings() {
    return readerSettings;
  }

  /** What the start of this JVM loaded (usually nothing: the directory persists). */
  public LoadReport loadReport() {
    return loadReport;
  }

  public EmbeddedPostgresServer server() {
    return server;
  }
}
