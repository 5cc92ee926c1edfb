package io.assay.web.database;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.assay.datasets.embedded.EmbeddedPostgresConfig;
import io.assay.datasets.embedded.EmbeddedPostgresServer;
import io.assay.datasets.warehouse.ReaderRole;
import io.assay.datasets.warehouse.ReaderSettings;
import io.assay.web.config.AssayProperties;
import java.nio.file.Path;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;

/**
 * The two connection pools: the owner's (jobs, loading, migrations) and the read-only role's (every
 * analysis query). With no {@code assay.db.url} an embedded PostgreSQL starts on a persistent data
 * directory, so a restart keeps the warehouse, the jobs and their reports.
 */
@Configuration(proxyBeanMethods = false)
public class DatabaseConfig {

  /** The server's coordinates, whether embedded (started here) or external. */
  public record Database(
      String url, String username, String password, EmbeddedPostgresServer embedded)
      implements AutoCloseable {
    @Override
    public void close() {
      if (embedded != null) {
        embedded.close();
      }
    }
  }

  @Bean(destroyMethod = "close")
  public Database database(AssayProperties props) {
    AssayProperties.Db db = props.db();
    if (db.external()) {
      return new Database(db.url(), db.username(), db.password(), null);
    }
    String dir = db.embedded().dataDir();
    Path dataDir = dir == null || dir.isBlank() ? props.home().resolve("pgdata") : Path.of(dir);
    EmbeddedPostgresServer server =
        EmbeddedPostgresServer.start(
            EmbeddedPostgresConfig.of(dataDir, db.embedded().port())
                .listeningOn(db.embedded().address()));
    try {
      // The owner role the application runs as may not create roles: the superuser sets up the
      // read-only one; the owner grants it access to the tables it loads.
      ReaderRole.ensureRole(
          server.adminDataSource(),
          new ReaderSettings(db.readerUsername(), db.readerPassword(), db.statementTimeout()));
    } catch (RuntimeException e) {
      server.close();
      throw e;
    }
    return new Database(server.jdbcUrl(), server.ownerUsername(), server.ownerPassword(), server);
  }

  @Bean(destroyMethod = "close")
  @Primary
  public HikariDataSource dataSource(Database database, AssayProperties props) {
    return pool(
        "assay-admin",
        database.url(),
        database.username(),
        database.password(),
        props.db().poolSize());
  }

  @Bean(destroyMethod = "close")
  @Qualifier("reader")
  public HikariDataSource readerDataSource(
      Database database, AssayProperties props, WarehouseBootstrap warehouse) {
    // The warehouse bootstrap creates the read-only role; its pool comes after it.
    return pool(
        "assay-reader",
        database.url(),
        props.db().readerUsername(),
        props.db().readerPassword(),
        props.db().readerPoolSize());
  }

  private static HikariDataSource pool(
      String name, String url, String user, String password, int size) {
    HikariConfig config = new HikariConfig();
    config.setPoolName(name);
    config.setJdbcUrl(url);
    config.setUsername(user);
    config.setPassword(password == null ? "" : password);
    config.setMaximumPoolSize(size);
    config.setMinimumIdle(1);
    // Fail fast at start rather than on the first job.
    config.setInitializationFailTimeout(10_000);
    return new HikariDataSource(config);
  }
}
