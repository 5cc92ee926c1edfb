package io.assay.web.support;

import io.assay.datasets.financial.FinancialSource;
import io.assay.datasets.testing.TestWarehouse;
import io.assay.datasets.warehouse.FinancialWarehouse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The shared test warehouse's financial load manifest, for tests that must run on the real data
 * files: an Assay started without them reloads the warehouse with synthetic tables, silently.
 */
public record WarehouseManifest(Map<String, String> fingerprints, Map<String, String> loadedAt) {

  public static WarehouseManifest read() {
    Map<String, String> fingerprints = new TreeMap<>();
    Map<String, String> loadedAt = new TreeMap<>();
    try (Connection c = TestWarehouse.get().adminDataSource().getConnection();
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT table_name, fingerprint, loaded_at::text FROM "
                    + FinancialWarehouse.MANIFEST)) {
      while (rs.next()) {
        fingerprints.put(rs.getString(1), rs.getString(2));
        loadedAt.put(rs.getString(1), rs.getString(3));
      }
    } catch (SQLException e) {
      throw new IllegalStateException("reading " + FinancialWarehouse.MANIFEST, e);
    }
    return new WarehouseManifest(fingerprints, loadedAt);
  }

  /** The fingerprint every table's load starts with when it came from the shared folder's files. */
  public static String expectedSource() {
    return FinancialSource.resolve(Optional.empty(), TestWarehouse.financialDirectory())
        .fingerprint();
  }

  /** Tables whose rows did not come from {@link #expectedSource()} (trans adds its generator). */
  public Map<String, String> foreign() {
    String expected = expectedSource();
    Map<String, String> foreign = new TreeMap<>();
    fingerprints.forEach(
        (table, fingerprint) -> {
          if (!fingerprint.equals(expected) && !fingerprint.startsWith(expected + ";")) {
            foreign.put(table, fingerprint);
          }
        });
    return foreign;
  }
}
