package io.assay.recon.scratch;

import io.assay.datasets.testing.TestWarehouse;
import io.assay.recon.ReconLoader;
import io.assay.recon.compose.Composer;
import io.assay.recon.pick.PickJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import org.junit.jupiter.api.Test;

class ExplainScratchTest {
  @Test
  void explain() throws Exception {
    var wh = TestWarehouse.get();
    var recon = ReconLoader.load(wh.readerDataSource(), "financial");
    try (Connection c = wh.readerDataSource().getConnection()) {
      try (ResultSet rs = c.createStatement().executeQuery("select indexname, indexdef from pg_indexes where schemaname='financial'")) {
        while (rs.next()) System.out.println(rs.getString(2));
      }
      for (String id : System.getProperty("q", "116").split(",")) {
        var node = PickJson.mapper().readTree(Files.readString(Path.of("src/test/resources/bird/q" + id + ".json")));
        var q = Composer.compose(PickJson.read(node.get("pick").toString()), recon);
        String gold = null;
        for (var e : PickJson.mapper().readTree(Files.readString(TestWarehouse.sharedDirectory().resolve("evals/bird_financial_dev.json")))) {
          if (e.get("question_id").asText().equals(id)) gold = e.get("gold_sql_postgres").asText();
        }
        for (String sql : new String[] {gold, q.inlinedSql()}) {
          for (int k = 0; k < 3; k++) {
          try (PreparedStatement ps = c.prepareStatement("explain (analyze, buffers off) " + sql); ResultSet rs = ps.executeQuery()) {
            StringBuilder sb = new StringBuilder();
            while (rs.next()) sb.append(rs.getString(1)).append('\n');
            if (k == 2) System.out.println("=== " + id + "\n" + sb);
          }
          }
        }
      }
    }
  }
}
