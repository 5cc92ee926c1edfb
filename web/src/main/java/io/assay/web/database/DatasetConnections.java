package io.assay.web.database;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.assay.datasets.registry.DatasetConfigException;
import io.assay.datasets.registry.DatasetDefinition;
import io.assay.recon.DatasetScope;
import io.assay.web.config.AssayProperties;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.jdbc.datasource.lookup.AbstractRoutingDataSource;
import org.springframework.stereotype.Component;

/**
 * The read-only connections of each served dataset: Assay's reader pool for the datasets it loads
 * into its own database, a pool of the configured account for an external one (sessions read-only
 * by default, so even an account with more rights does not write through Assay).
 */
@Component
public class DatasetConnections implements AutoCloseable {

  private final Map<String, DataSource> readers = new LinkedHashMap<>();
  private final Map<String, HikariDataSource> external = new LinkedHashMap<>();
  private final Map<String, DatasetDefinition> definitions = new LinkedHashMap<>();
  private final DatabaseConfig.Database database;
  private final AssayProperties props;

  public DatasetConnections(
      WarehouseBootstrap warehouse,
      @Qualifier("reader") DataSource reader,
      DatabaseConfig.Database database,
      AssayProperties props) {
    this.database = database;
    this.props = props;
    for (DatasetDefinition d : warehouse.served().all()) {
      definitions.put(d.name(), d);
      if (d.managed()) {
        readers.put(d.name(), reader);
      } else {
        HikariDataSource pool = externalPool(d, props.datasets().source(d.name()));
        external.put(d.name(), pool);
        readers.put(d.name(), pool);
      }
    }
  }

  private static HikariDataSource externalPool(
      DatasetDefinition d, AssayProperties.Datasets.Source s) {
    if (s.url() == null || s.url().isBlank()) {
      throw new DatasetConfigException(
          List.of(
              "dataset '"
                  + d.name()
                  + "' is external: set assay.datasets.source."
                  + d.name()
                  + ".url (and username, password) to a read-only account"));
    }
    HikariConfig config = new HikariConfig();
    config.setPoolName("dataset-" + d.name());
    config.setJdbcUrl(s.url());
    config.setUsername(s.username());
    config.setPassword(s.password() == null ? "" : s.password());
    config.setReadOnly(true);
    config.setMaximumPoolSize(4);
    config.setMinimumIdle(1);
    config.setInitializationFailTimeout(10_000);
    return new HikariDataSource(config);
  }

  /** Read-only connections that see the dataset's schema. */
  public DataSource reader(String dataset) {
    DataSource ds = readers.get(dataset);
    if (ds == null) {
      throw new IllegalArgumentException("dataset '" + dataset + "' is not served");
    }
    return ds;
  }

  /**
   * Connections to the dataset of the thread's {@link DatasetScope} (the default dataset outside
   * one): what the worker's analyses query through.
   */
  public DataSource scoped() {
    AbstractRoutingDataSource routing =
        new AbstractRoutingDataSource() {
          @Override
          protected Object determineCurrentLookupKey() {
            return DatasetScope.current().orElse(null);
          }
        };
    routing.setTargetDataSources(new HashMap<>(readers));
    routing.setDefaultTargetDataSource(readers.values().iterator().next());
    routing.afterPropertiesSet();
    return routing;
  }

  /**
   * Fresh read-only connections whose search_path is the dataset's schema, for SQL written with
   * unqualified table names (gold SQL of an evaluation file).
   */
  public DataSource unqualifiedReader(String dataset) {
    DatasetDefinition d = definitions.get(dataset);
    if (d == null) {
      throw new IllegalArgumentException("dataset '" + dataset + "' is not served");
    }
    PGSimpleDataSource ds = new PGSimpleDataSource();
    if (d.managed()) {
      ds.setUrl(database.url());
      ds.setUser(props.db().readerUsername());
      ds.setPassword(props.db().readerPassword());
    } else {
      AssayProperties.Datasets.Source s = props.datasets().source(dataset);
      ds.setUrl(s.url());
      ds.setUser(s.username());
      ds.setPassword(s.password() == null ? "" : s.password());
    }
    ds.setReadOnly(true);
    ds.setOptions("-c search_path=" + d.schema());
    return ds;
  }

  @Override
  public void close() {
    external.values().forEach(HikariDataSource::close);
  }
}
