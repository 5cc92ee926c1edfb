package io.assay.activities.analyses.tmp;

import io.assay.activities.analyses.AnalysisFixture;
import java.sql.Connection;
import java.sql.ResultSet;
import org.junit.jupiter.api.Test;

class ExploreTest {
  @Test
  void explore() throws Exception {
    AnalysisFixture fx = AnalysisFixture.get();
    try (Connection c = fx.warehouse.adminDataSource().getConnection()) {
      ResultSet rs = c.createStatement().executeQuery(
          "select date_trunc('month', date)::date m, sum(amount) s, count(*) n from financial.trans where operation='VYBER' and date >= '1994-01-01' and date < '1998-01-01' group by 1 order by 1");
      while (rs.next()) System.out.println(rs.getString(1) + " " + rs.getLong(2) + " " + rs.getLong(3));
      rs = c.createStatement().executeQuery(
          "select d.a2, sum(t.amount) s from financial.trans t join financial.account a on a.account_id=t.account_id join financial.district d on d.district_id=a.district_id where t.operation='VYBER' and t.date >= '1997-01-01' and t.date < '1998-01-01' group by 1 order by 2 desc limit 5");
      while (rs.next()) System.out.println(rs.getString(1) + " " + rs.getLong(2));
    }
  }
}
