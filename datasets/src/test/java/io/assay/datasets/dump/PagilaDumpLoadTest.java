package io.assay.datasets.dump;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.assay.datasets.registry.DatasetDefinition;
import io.assay.datasets.registry.DatasetLoad;
import io.assay.datasets.registry.DatasetLoader;
import io.assay.datasets.registry.DatasetRegistry;
import io.assay.datasets.testing.TestWarehouse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/** The second dataset of the repository, loaded from its SQL dump by configuration only. */
class PagilaDumpLoadTest {

  @Test
  void theDumpLoadsIntoItsOwnSchemaWithTheReaderAllowedToReadIt() throws SQLException {
    TestWarehouse w = TestWarehouse.get();
    assumeTrue(w.ensureDataset("pagila"), "../shared/datasets/pagila is not on this machine");
    DataSource reader = w.readerDataSource();
    assertThat(count(reader, "SELECT count(*) FROM pagila.payment")).isEqualTo(16_049);
    assertThat(count(reader, "SELECT count(*) FROM pagila.rental")).isEqualTo(16_044);
    assertThat(count(reader, "SELECT count(*) FROM pagila.film")).isEqualTo(1_000);
    assertThat(count(reader, "SELECT count(*) FROM pagila.film_category")).isEqualTo(2_367);
    assertThat(count(reader, "SELECT count(*) FROM pagila.customer")).isEqualTo(599);
    // Constraints applied after the data are there.
    assertThat(
            count(
                w.adminDataSource(),
                "SELECT count(*) FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace"
                    + " WHERE n.nspname = 'pagila' AND c.contype = 'f'"))
        .isGreaterThanOrEqualTo(20);
    // Nothing landed in public.
    assertThat(
            count(
                w.adminDataSource(), "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'"))
        .isZero();
    try (Connection c = reader.getConnection();
        Statement s = c.createStatement()) {
      assertThatThrownBy(() -> s.execute("DELETE FROM pagila.payment"))
          .isInstanceOf(SQLException.class);
    }
  }

  @Test
  void aSecondLoadOfTheSameDumpLoadsNothing() {
    TestWarehouse w = TestWarehouse.get();
    assumeTrue(w.ensureDataset("pagila"), "../shared/datasets/pagila is not on this machine");
    DatasetDefinition d =
        DatasetRegistry.load(List.of("pagila"), Optional.empty()).require("pagila");
    DatasetLoad again =
        new DatasetLoader(w.adminDataSource(), w.readerSettings())
            .load(d, Optional.of(TestWarehouse.sharedDirectory().resolve("datasets/pagila")));
    assertThat(again.status()).isEqualTo(DatasetLoad.Status.UP_TO_DATE);
  }

  private static long count(DataSource ds, String sql) throws SQLException {
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
