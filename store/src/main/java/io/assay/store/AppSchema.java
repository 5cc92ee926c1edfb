package io.assay.store;

import javax.sql.DataSource;
import org.flywaydb.core.Flyway;

/**
 * Assay's own tables (jobs, steps, events, artifacts, receipts) live in schema {@code assay}, apart
 * from the warehouse. Migrations are numbered by owner: V1–V9 jobs and events, V10–V19 evidence and
 * delivery, V20–V29 planning and analyses.
 */
public final class AppSchema {
  public static final String SCHEMA = "assay";

  private AppSchema() {}

  /** Brings the schema up to date; safe to call on every start and from every test. */
  public static void migrate(DataSource admin) {
    Flyway.configure()
        .dataSource(admin)
        .schemas(SCHEMA)
        .defaultSchema(SCHEMA)
        .locations("classpath:db/migration")
        .load()
        .migrate();
  }
}
