package io.assay.recon.compose;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.datasets.testing.TestWarehouse;
import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Measure;
import io.assay.pick.Pick;
import io.assay.pick.Value;
import io.assay.recon.Recon;
import io.assay.recon.ReconLoader;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * A number the warehouse keeps as text is compared and summed as a number through its computed
 * column: as text, "99107" sorts after "1204953" and "> 100000" would compare letters.
 */
class NumberFromTextTest {

  private static BigDecimal one(DataSource ds, String sql) throws Exception {
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getBigDecimal(1);
    }
  }

  @Test
  void aNumberKeptAsTextComparesAndSumsAsANumber() throws Exception {
    DataSource ds = TestWarehouse.get().readerDataSource();
    Recon recon = ReconLoader.load(ds, "financial");
    ColumnRef inhabitants = ColumnRef.of("district.inhabitants");
    BigDecimal large =
        one(ds, "select count(*) from financial.district where cast(a4 as numeric) > 100000");
    BigDecimal asText = one(ds, "select count(*) from financial.district where a4 > '100000'");
    assertThat(large).isPositive().isNotEqualTo(asText);
    ComposedQuery count =
        Composer.compose(
            Pick.builder()
                .measure(Measure.metric("district_count"))
                .filter(new Filter.Compare(inhabitants, Comparison.GT, Value.number(100000)))
                .build(),
            recon);
    assertThat(one(ds, count.inlinedSql())).isEqualByComparingTo(large);
    ComposedQuery sum =
        Composer.compose(
            Pick.builder()
                .measure(Measure.aggregate(Aggregation.SUM, "district.inhabitants"))
                .build(),
            recon);
    assertThat(one(ds, sum.inlinedSql()))
        .isEqualByComparingTo(one(ds, "select sum(cast(a4 as numeric)) from financial.district"));
  }
}
