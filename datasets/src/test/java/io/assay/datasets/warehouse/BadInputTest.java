package io.assay.datasets.warehouse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.assay.datasets.financial.FinancialDataException;
import io.assay.datasets.financial.FinancialSource;
import io.assay.datasets.testing.TestWarehouse;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A bad data directory stops the load with file and line, and leaves no table half-written. */
class BadInputTest {

  @TempDir Path temp;

  @AfterAll
  static void dropScratchDatabases() throws SQLException {
    ScratchDatabase.drop("assay_missing_dir");
    ScratchDatabase.drop("assay_bad_input");
  }

  private Path copyOfTheRealFiles() throws IOException {
    Path dir = Files.createDirectories(temp.resolve("financial"));
    try (var files = Files.list(TestWarehouse.financialDirectory())) {
      for (Path f : files.filter(p -> p.toString().endsWith(".csv")).toList()) {
        Files.copy(f, dir.resolve(f.getFileName()));
      }
    }
    return dir;
  }

  private static void replaceLine(Path file, int lineNo, String text) throws IOException {
    List<String> lines = new ArrayList<>(Files.readAllLines(file));
    lines.set(lineNo - 1, text);
    Files.write(file, lines);
  }

  private static void replaceField(Path file, int lineNo, int field, String value)
      throws IOException {
    List<String> lines = new ArrayList<>(Files.readAllLines(file));
    String[] fields = lines.get(lineNo - 1).split(";", -1);
    fields[field] = value;
    lines.set(lineNo - 1, String.join(";", fields));
    Files.write(file, lines);
  }

  private static long financialTables(DataSource ds) throws SQLException {
    return ScratchDatabase.count(
        ds, "SELECT count(*) FROM pg_tables WHERE schemaname = 'financial'");
  }

  @Test
  void aConfiguredDirectoryThatDoesNotExistIsNamed() {
    Path missing = temp.resolve("no-such-dir");
    assertThatThrownBy(() -> FinancialSource.resolve(Optional.of(missing), temp))
        .isInstanceOf(FinancialDataException.class)
        .hasMessageContaining(missing.toString())
        .hasMessageContaining("does not exist")
        .hasMessageContaining("assay.datasets.financial.dir");
  }

  @Test
  void aDirectorySourceThatDoesNotExistFailsBeforeTouchingTheDatabase() throws SQLException {
    DataSource db = ScratchDatabase.fresh("assay_missing_dir");
    Path missing = temp.resolve("gone");
    assertThatThrownBy(
            () ->
                new FinancialWarehouse(db, TestWarehouse.get().readerSettings())
                    .load(FinancialSource.directory(missing)))
        .isInstanceOf(FinancialDataException.class)
        .hasMessageStartingWith(missing.toString());
    assertThat(
            ScratchDatabase.count(
                db, "SELECT count(*) FROM pg_namespace WHERE nspname LIKE 'financial%'"))
        .isZero();
  }

  @Test
  void aMissingFileIsNamed() throws IOException {
    Path dir = copyOfTheRealFiles();
    Files.delete(dir.resolve("card.csv"));
    assertThatThrownBy(() -> FinancialSource.directory(dir).fingerprint())
        .isInstanceOf(FinancialDataException.class)
        .hasMessage(dir.resolve("card.csv") + ": file not found");
  }

  @Test
  void aMalformedRowNamesFileAndLineAndNothingIsLoaded() throws IOException, SQLException {
    Path dir = copyOfTheRealFiles();
    replaceLine(dir.resolve("loan.csv"), 5, "6863;9188;930728;127080;60;2118.00");
    DataSource db = ScratchDatabase.fresh("assay_bad_input");

    assertThatThrownBy(
            () ->
                new FinancialWarehouse(db, TestWarehouse.get().readerSettings())
                    .load(FinancialSource.directory(dir)))
        .isInstanceOfSatisfying(
            FinancialDataException.class,
            e -> {
              assertThat(e.file()).isEqualTo(dir.resolve("loan.csv"));
              assertThat(e.line()).isEqualTo(5);
            })
        .hasMessage(
            dir.resolve("loan.csv") + " line 5: expected 7 fields separated by ';', found 6");

    // loan.csv comes after four other files: none of them was loaded either.
    assertThat(financialTables(db)).isZero();
    assertThat(ScratchDatabase.count(db, "SELECT count(*) FROM " + FinancialWarehouse.MANIFEST))
        .isZero();
  }

  @Test
  void aMalformedRowLeavesALoadedWarehouseAsItWas() throws IOException, SQLException {
    DataSource db = ScratchDatabase.existing(SyntheticWarehouseTest.DATABASE);
    FinancialWarehouse warehouse = new FinancialWarehouse(db, TestWarehouse.get().readerSettings());
    warehouse.load(FinancialSource.synthetic());
    String manifestBefore = manifestText(db);

    Path dir = copyOfTheRealFiles();
    replaceField(dir.resolve("order.csv"), 100, 4, "12x.00");
    assertThatThrownBy(() -> warehouse.load(FinancialSource.directory(dir)))
        .isInstanceOf(FinancialDataException.class)
        .hasMessage(
            dir.resolve("order.csv") + " line 100: amount '12x.00' is not a decimal number");

    assertThat(manifestText(db)).isEqualTo(manifestBefore);
    assertThat(financialTables(db)).isEqualTo(8);
  }

  private static String manifestText(DataSource db) throws SQLException {
    try (var c = db.getConnection();
        var s = c.createStatement();
        var rs =
            s.executeQuery(
                "SELECT string_agg(table_name || row_count || fingerprint || loaded_at, ','"
                    + " ORDER BY table_name) FROM "
                    + FinancialWarehouse.MANIFEST)) {
      rs.next();
      return rs.getString(1);
    }
  }
}
