package io.assay.web.database;

import io.assay.datasets.financial.FinancialSource;
import io.assay.datasets.warehouse.FinancialWarehouse;
import io.assay.datasets.warehouse.LoadReport;
import io.assay.datasets.warehouse.ReaderSettings;
import io.assay.store.AppSchema;
import io.assay.web.config.AssayProperties;
import java.nio.file.Path;
import java.util.Optional;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Component;

/**
 * Makes the database ready before anything uses it: loads the financial warehouse (nothing when it
 * is already loaded), creates the read-only role, migrates Assay's own schema. Bad input (a missing
 * data directory, a malformed row) stops start-up here, naming the file and line.
 */
@Component
public class WarehouseBootstrap {
  private static final Logger log = LoggerFactory.getLogger(WarehouseBootstrap.class);
  private static final Path DEFAULT_DIR = Path.of("..", "shared", "datasets", "financial");

  private final LoadReport loadReport;
  private final ReaderSettings reader;

  public WarehouseBootstrap(@Qualifier("dataSource") DataSource admin, AssayProperties props) {
    AssayProperties.Db db = props.db();
    this.reader =
        new ReaderSettings(db.readerUsername(), db.readerPassword(), db.statementTimeout());
    String dir = props.datasets().financial().dir();
    FinancialSource source =
        FinancialSource.resolve(
            dir == null || dir.isBlank() ? Optional.empty() : Optional.of(Path.of(dir)),
            DEFAULT_DIR);
    this.loadReport = new FinancialWarehouse(admin, reader).load(source);
    log.info("Financial warehouse ready from {}: {}", source.description(), loadReport);
    AppSchema.migrate(admin);
  }

  public LoadReport loadReport() {
    return loadReport;
  }

  public ReaderSettings reader() {
    return reader;
  }
}
