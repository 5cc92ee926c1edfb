package io.assay.recon.scratch;

import io.assay.datasets.testing.TestWarehouse;
import io.assay.recon.ReconLoader;
import io.assay.recon.compose.Composer;
import io.assay.recon.pick.PickJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.*;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.postgresql.PGStatement;

class Q116ScratchTest {
  static double time(Connection c, String sql, List<Object> binds, int n) throws Exception {
    long t0 = System.nanoTime();
    for (int k = 0; k < n; k++) {
      try (PreparedStatement ps = c.prepareStatement(sql)) {
        ps.unwrap(PGStatement.class).setPrepareThreshold(0);
        for (int i = 0; i < binds.size(); i++) ps.setObject(i + 1, binds.get(i));
        try (ResultSet rs = ps.executeQuery()) { while (rs.next()) rs.getObject(1); }
      }
    }
    return (System.nanoTime() - t0) / 1e6 / n;
  }
  @Test
  void run() throws Exception {
    var wh = TestWarehouse.get();
    var recon = ReconLoader.load(wh.readerDataSource(), "financial");
    var node = PickJson.mapper().readTree(Files.readString(Path.of("src/test/resources/bird/q116.json")));
    var q = Composer.compose(PickJson.read(node.get("pick").toString()), recon);
    System.out.println(q.sql());
    String gold = "SELECT CAST((SUM(CASE WHEN T3.date = '1998-12-27' THEN T3.balance ELSE 0 END) - SUM(CASE WHEN T3.date = '1993-03-22' THEN T3.balance ELSE 0 END)) AS REAL) * 100 / NULLIF(SUM(CASE WHEN T3.date = '1993-03-22' THEN T3.balance ELSE 0 END), 0) FROM loan AS T1 INNER JOIN account AS T2 ON T1.account_id = T2.account_id INNER JOIN trans AS T3 ON T3.account_id = T2.account_id WHERE T1.date = '1993-07-05'";
    try (Connection c = wh.readerDataSource().getConnection()) {
      for (int r = 0; r < 4; r++) {
        System.out.printf("gold %.3f  composed %.3f  inlined %.3f%n", time(c, gold, List.of(), 200), time(c, q.sql(), q.bindValues(), 200), time(c, q.inlinedSql(), List.of(), 200));
      }
      try (ResultSet rs = c.createStatement().executeQuery("explain (analyze, summary) " + q.inlinedSql())) { while (rs.next()) System.out.println(rs.getString(1)); }
    }
  }
}
