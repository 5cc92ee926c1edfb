package io.assay.web.database;

import io.assay.datasets.registry.DatasetDefinition;
import io.assay.datasets.registry.DatasetLoad;
import io.assay.datasets.registry.DatasetLoader;
import io.assay.datasets.registry.DatasetRegistry;
import io.assay.datasets.warehouse.ReaderRole;
import io.assay.datasets.warehouse.ReaderSettings;
import io.assay.store.AppSchema;
import io.assay.web.config.AssayProperties;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Component;

/**
 * Makes the database ready before anything uses it: creates the read-only role, loads every
 * configured dataset Assay manages (nothing when its schema already holds the current source),
 * migrates Assay's own schema. A dataset whose default data directory is missing is not served
 * (logged); bad input (a configured directory that does not exist, a malformed file) stops start-up
 * here, naming the file and line.
 *
 * <p>Every process sharing an external database (the web app and each worker of docker-compose.yml)
 * runs this at start-up. PostgreSQL refuses concurrent changes to one role or grant ("tuple
 * concurrently updated"), and two loads of one schema would race, so the whole bootstrap runs under
 * a database-wide advisory lock: the processes take turns, and those after the first find
 * everything up to date.
 */
@Component
public class WarehouseBootstrap {
  private static final Logger log = LoggerFactory.getLogger(WarehouseBootstrap.class);

  private final ReaderSettings reader;
  private final DatasetRegistry served;
  private final List<DatasetLoad> loads;

  public WarehouseBootstrap(@Qualifier("dataSource") DataSource admin, AssayProperties props) {
    AssayProperties.Db db = props.db();
    this.reader =
        new ReaderSettings(db.readerUsername(), db.readerPassword(), db.statementTimeout());
    AssayProperties.Datasets config = props.datasets();
    DatasetRegistry all =
        DatasetRegistry.load(
            config.enabled(),
            blank(config.dir()) ? Optional.empty() : Optional.of(Path.of(config.dir())));
    try (StartupLock lock = StartupLock.acquire(admin)) {
      this.loads = prepare(admin, all, config);
    }
    Set<String> ready =
        loads.stream()
            .filter(DatasetLoad::ready)
            .map(DatasetLoad::dataset)
            .collect(Collectors.toSet());
    if (ready.isEmpty()) {
      throw new IllegalStateException(
          "no configured dataset could be served: "
              + loads.stream().map(DatasetLoad::detail).collect(Collectors.joining("; ")));
    }
    this.served = all.only(ready::contains);
  }

  /** The reader role, every dataset's load (or up-to-date check), Assay's own schema. */
  private List<DatasetLoad> prepare(
      DataSource admin, DatasetRegistry all, AssayProperties.Datasets config) {
    ReaderRole.ensure(admin, reader);
    DatasetLoader loader = new DatasetLoader(admin, reader);
    List<DatasetLoad> done = new ArrayList<>();
    for (DatasetDefinition d : all.all()) {
      String dir = config.source(d.name()).dir();
      DatasetLoad load = loader.load(d, blank(dir) ? Optional.empty() : Optional.of(Path.of(dir)));
      if (load.ready()) {
        log.info("Dataset {} ready in {} ms: {}", d.name(), load.millis(), load.detail());
      } else {
        log.warn("Dataset {} is not served: {}", d.name(), load.detail());
      }
      done.add(load);
    }
    AppSchema.migrate(admin);
    return List.copyOf(done);
  }

  private static boolean blank(String s) {
    return s == null || s.isBlank();
  }

  /** The datasets that are ready to query, in the configured order. */
  public DatasetRegistry served() {
    return served;
  }

  /** What start-up did for each configured dataset. */
  public List<DatasetLoad> loads() {
    return loads;
  }

  public ReaderSettings reader() {
    return reader;
  }
}
