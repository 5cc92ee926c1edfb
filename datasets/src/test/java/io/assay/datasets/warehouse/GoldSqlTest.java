package io.assay.datasets.warehouse;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.datasets.testing.TestWarehouse;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every BIRD gold query (PostgreSQL dialect) runs, unchanged, as the read-only role. */
class GoldSqlTest {

  static Path evalFile() {
    return TestWarehouse.sharedDirectory().resolve("evals/bird_financial_dev.json");
  }

  static List<Arguments> goldQueries() throws IOException {
    JsonNode questions = new ObjectMapper().readTree(evalFile().toFile());
    List<Arguments> queries = new ArrayList<>();
    for (JsonNode q : questions) {
      queries.add(Arguments.of(q.get("question_id").asInt(), q.get("gold_sql_postgres").asText()));
    }
    return queries;
  }

  @Test
  void theEvalFileHasAQuestionPerDistinctId() throws IOException {
    // The shared dev file grows between rounds (15, then 52): what must hold is one gold query per
    // question, none lost in parsing.
    List<Arguments> queries = goldQueries();
    assertThat(queries).hasSizeGreaterThanOrEqualTo(15);
    assertThat(queries.stream().map(a -> a.get()[0]).distinct()).hasSameSizeAs(queries);
  }

  @ParameterizedTest(name = "question {0}")
  @MethodSource("goldQueries")
  void goldSqlRunsAsTheReader(int questionId, String sql) throws SQLException {
    try (Connection c = TestWarehouse.get().readerDataSource().getConnection();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      int columns = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        for (int i = 1; i <= columns; i++) {
          rs.getObject(i);
        }
      }
      assertThat(columns).isPositive();
    }
  }
}
