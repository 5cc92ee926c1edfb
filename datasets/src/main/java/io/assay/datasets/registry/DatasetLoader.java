package io.assay.datasets.registry;

import io.assay.datasets.dump.SqlDumpWarehouse;
import io.assay.datasets.financial.FinancialDataException;
import io.assay.datasets.financial.FinancialSource;
import io.assay.datasets.warehouse.FinancialWarehouse;
import io.assay.datasets.warehouse.LoadReport;
import io.assay.datasets.warehouse.ReaderSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Makes a managed dataset's schema hold its source (loading only what changed) and grants the
 * reader role read access to it. External datasets are left alone: Assay only reads them.
 */
public final class DatasetLoader {

  private final DataSource admin;
  private final ReaderSettings reader;

  public DatasetLoader(DataSource admin, ReaderSettings reader) {
    this.admin = admin;
    this.reader = reader;
  }

  /**
   * @param configuredDir the data directory configured for this dataset, replacing the default; it
   *     must exist
   * @throws DatasetConfigException a configured directory that does not exist
   */
  public DatasetLoad load(DatasetDefinition d, Optional<Path> configuredDir) {
    long start = System.nanoTime();
    if (configuredDir.isPresent() && !Files.isDirectory(configuredDir.get())) {
      throw new DatasetConfigException(
          List.of(
              "dataset '"
                  + d.name()
                  + "': configured data directory "
                  + configuredDir.get()
                  + " does not exist"));
    }
    if (d.source() instanceof DataOrigin.Files f) {
      return loadFiles(d, f, configuredDir, start);
    }
    if (d.source() instanceof DataOrigin.SqlDump dump) {
      Path dir = configuredDir.orElse(dump.dir());
      if (configuredDir.isEmpty() && !Files.isDirectory(dir)) {
        return new DatasetLoad(
            d.name(),
            DatasetLoad.Status.UNAVAILABLE,
            "no data directory " + dir.toAbsolutePath().normalize() + "; dataset not served",
            millisSince(start));
      }
      SqlDumpWarehouse.Result r =
          new SqlDumpWarehouse(admin, reader)
              .load(
                  d.name(),
                  d.schema(),
                  dump.files().stream().map(dir::resolve).toList(),
                  dump.dumpSchema());
      return new DatasetLoad(
          d.name(),
          r.loaded() ? DatasetLoad.Status.LOADED : DatasetLoad.Status.UP_TO_DATE,
          r.summary(),
          millisSince(start));
    }
    return new DatasetLoad(
        d.name(), DatasetLoad.Status.EXTERNAL, "external schema " + d.schema(), millisSince(start));
  }

  private DatasetLoad loadFiles(
      DatasetDefinition d, DataOrigin.Files f, Optional<Path> configuredDir, long start) {
    if (!"financial".equals(f.loader())) {
      throw new DatasetConfigException(
          List.of("dataset '" + d.name() + "': unknown file loader '" + f.loader() + "'"));
    }
    if (!FinancialWarehouse.SCHEMA.equals(d.schema())) {
      throw new DatasetConfigException(
          List.of(
              "dataset '"
                  + d.name()
                  + "': the financial loader writes schema "
                  + FinancialWarehouse.SCHEMA
                  + ", not "
                  + d.schema()));
    }
    FinancialSource source;
    try {
      source = FinancialSource.resolve(configuredDir, f.dir());
    } catch (FinancialDataException e) {
      throw new DatasetConfigException(List.of("dataset '" + d.name() + "': " + e.getMessage()));
    }
    LoadReport report = new FinancialWarehouse(admin, reader).load(source);
    return new DatasetLoad(
        d.name(),
        report.loadedAnything() ? DatasetLoad.Status.LOADED : DatasetLoad.Status.UP_TO_DATE,
        d.name() + ": " + source.description() + " (" + report.totalMillis() + " ms)",
        millisSince(start));
  }

  private static long millisSince(long nanos) {
    return (System.nanoTime() - nanos) / 1_000_000;
  }
}
