package io.assay.recon.execute;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.assay.datasets.testing.TestWarehouse;
import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.Measure;
import io.assay.pick.Pick;
import io.assay.pick.PickJson;
import io.assay.pick.PickValidationError;
import io.assay.pick.Value;
import io.assay.recon.Recon;
import io.assay.recon.ReconLoader;
import io.assay.recon.TableInfo;
import io.assay.recon.compose.ComposedQuery;
import io.assay.recon.compose.Composer;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Hostile values are bound as data: they match nothing and change nothing. */
class InjectionTest {

  private static final List<String> HOSTILE =
      List.of(
          "' OR 1=1 --",
          "'; DROP TABLE loan; --",
          "\"; DELETE FROM trans; --",
          "x' UNION SELECT 1 --");

  private static Recon recon;
  private static SqlExecutor executor;
  private static DataSource admin;

  @BeforeAll
  static void setUp() {
    TestWarehouse wh = TestWarehouse.get();
    recon = ReconLoader.load(wh.readerDataSource(), "financial");
    executor = new SqlExecutor(wh.readerDataSource());
    admin = wh.adminDataSource();
  }

  private static Map<String, Long> rowCounts() throws Exception {
    Map<String, Long> counts = new LinkedHashMap<>();
    try (Connection c = admin.getConnection();
        Statement s = c.createStatement()) {
      for (TableInfo t : recon.tables()) {
        try (ResultSet rs = s.executeQuery("select count(*) from financial.\"" + t.name() + "\"")) {
          rs.next();
          counts.put(t.name(), rs.getLong(1));
        }
      }
    }
    return counts;
  }

  private static long single(ComposedQuery q) {
    return ((Number) executor.execute(q).rows().get(0).get(0)).longValue();
  }

  @Test
  void hostileValuesMatchNothingAndChangeNothing() throws Exception {
    Map<String, Long> before = rowCounts();
    assertThat(before).hasSize(8).allSatisfy((t, n) -> assertThat(n).isPositive());
    for (String bad : HOSTILE) {
      List<Pick> picks =
          List.of(
              Pick.builder().metric("client_count").filter(Filter.eq("district.a2", bad)).build(),
              Pick.builder()
                  .metric("transaction_count")
                  .filter(Filter.eq("trans.bank", bad))
                  .build(),
              Pick.builder()
                  .metric("loan_count")
                  .filter(new Filter.Prefix(ColumnRef.of("loan.status"), bad))
                  .build(),
              Pick.builder()
                  .metric("order_count")
                  .filter(
                      Filter.in("order.bank_to", List.of(Value.text(bad), Value.text("AB' --"))))
                  .build(),
              Pick.builder()
                  .measure(
                      new Measure.Metric(
                          "loan_count",
                          List.of(new Filter.Prefix(ColumnRef.of("loan.status"), bad)),
                          null))
                  .build());
      for (Pick p : picks) {
        ComposedQuery q = Composer.compose(p, recon);
        assertThat(q.sql()).doesNotContain(bad).doesNotContainIgnoringCase("drop");
        assertThat(q.bindValues().toString()).contains(bad.replace("%", "\\%"));
        assertThat(single(q)).as("%s with %s", PickJson.write(p), bad).isZero();
      }
    }
    assertThat(rowCounts()).isEqualTo(before);
  }

  @Test
  void hostileNamesNeverReachTheSql() {
    assertThatThrownBy(
            () ->
                Composer.compose(
                    Pick.builder()
                        .metric("loan_count")
                        .groupBy("loan.status; DROP TABLE loan")
                        .build(),
                    recon))
        .isInstanceOf(PickValidationError.class)
        .hasMessageStartingWith("unknown column 'loan.status; drop table loan'");
    assertThatThrownBy(
            () ->
                Composer.compose(
                    Pick.builder()
                        .measure(
                            new Measure.Metric("loan_count", List.of(), "n\"; drop table loan; --"))
                        .build(),
                    recon))
        .isInstanceOf(PickValidationError.class)
        .hasMessageContaining("must be a plain name");
    assertThatThrownBy(
            () ->
                Composer.compose(
                    Pick.builder().metric("loan_count; drop table loan").build(), recon))
        .isInstanceOf(PickValidationError.class)
        .hasMessageStartingWith("unknown metric");
  }

  @Test
  void closedCodeListsRejectHostileValuesBeforeAnySql() {
    assertThatThrownBy(
            () ->
                Composer.compose(
                    Pick.builder()
                        .metric("loan_count")
                        .filter(Filter.eq("loan.status", "'; DROP TABLE loan; --"))
                        .build(),
                    recon))
        .isInstanceOf(PickValidationError.class)
        .hasMessageContaining("is not a value of loan.status");
  }
}
