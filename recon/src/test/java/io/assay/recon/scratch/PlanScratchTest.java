package io.assay.recon.scratch;

import io.assay.datasets.testing.TestWarehouse;
import java.sql.Connection;
import java.sql.ResultSet;
import org.junit.jupiter.api.Test;

class PlanScratchTest {
  @Test
  void plan() throws Exception {
    var wh = TestWarehouse.get();
    String g = "SELECT CAST((SUM(CASE WHEN T3.date = '1998-12-27' THEN T3.balance ELSE 0 END) - SUM(CASE WHEN T3.date = '1993-03-22' THEN T3.balance ELSE 0 END)) AS REAL) * 100 / NULLIF(SUM(CASE WHEN T3.date = '1993-03-22' THEN T3.balance ELSE 0 END), 0) FROM loan AS T1 INNER JOIN account AS T2 ON T1.account_id = T2.account_id INNER JOIN trans AS T3 ON T3.account_id = T2.account_id WHERE T1.date = '1993-07-05'";
    String w = "((\"trans\".\"date\" >= cast('1993-03-22' as date) and \"trans\".\"date\" < cast('1993-03-23' as date)) or (\"trans\".\"date\" >= cast('1998-12-27' as date) and \"trans\".\"date\" < cast('1998-12-28' as date)))";
    String agg = "sum(\"trans\".\"balance\") filter (where \"trans\".\"date\" >= cast('1993-03-22' as date))";
    String[] variants = {
      g,
      "select " + agg + " from financial.trans as trans join financial.account as account on account.account_id = trans.account_id where " + w + " and exists (select 1 from financial.loan as loan where loan.account_id = account.account_id and loan.date = cast('1993-07-05' as date))",
      "select " + agg + " from financial.trans as trans where " + w + " and exists (select 1 from financial.loan as loan where loan.account_id = trans.account_id and loan.date = cast('1993-07-05' as date))",
      "select " + agg + " from financial.trans as trans where exists (select 1 from financial.loan as loan where loan.account_id = trans.account_id and loan.date = cast('1993-07-05' as date))",
      "select " + agg + " from financial.trans as trans where exists (select 1 from financial.account as account join financial.loan as loan on loan.account_id = account.account_id where account.account_id = trans.account_id and loan.date = cast('1993-07-05' as date)) and " + w,
      "select " + agg + " from financial.trans as trans join financial.account as account on account.account_id = trans.account_id join financial.loan as loan on loan.account_id = account.account_id where " + w + " and loan.date = cast('1993-07-05' as date)",
    };
    try (Connection c = wh.readerDataSource().getConnection()) {
      for (int v = 0; v < variants.length; v++) {
        for (int k = 0; k < 6; k++) {
          try (ResultSet rs = c.createStatement().executeQuery("explain (analyze, summary) " + variants[v])) {
            StringBuilder sb = new StringBuilder();
            while (rs.next()) { String l = rs.getString(1); if (l.contains("Time:")) sb.append(l.trim()).append("  "); }
            if (k >= 3) System.out.println("variant " + v + ": " + sb);
          }
        }
      }
    }
  }
}
