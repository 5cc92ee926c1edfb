package io.assay.store;

import io.assay.datasets.testing.TestWarehouse;
import javax.sql.DataSource;

/** The shared test warehouse's admin connection with the app schema migrated, once per JVM. */
public final class TestDatabase {
  private static DataSource admin;

  private TestDatabase() {}

  public static synchronized DataSource admin() {
    if (admin == null) {
      DataSource ds = TestWarehouse.get().adminDataSource();
      AppSchema.migrate(ds);
      admin = ds;
    }
    return admin;
  }
}
