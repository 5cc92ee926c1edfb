package io.assay.evals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One question of a BIRD eval file: a JSON array of objects with {@code question_id}, {@code
 * question}, optional {@code evidence}, and the gold SQL in {@code gold_sql_postgres} (or {@code
 * SQL}, BIRD's own field, when that is all there is).
 */
public record BirdQuestion(
    int questionId,
    String dbId,
    String question,
    String evidence,
    String difficulty,
    String goldSql) {

  /** Reads a file; every problem names the entry and field. */
  public static List<BirdQuestion> read(Path file) throws IOException {
    JsonNode root;
    try {
      root = new ObjectMapper().readTree(Files.readString(file));
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalArgumentException(file + " is not valid JSON: " + e.getOriginalMessage());
    }
    if (root == null || !root.isArray()) {
      throw new IllegalArgumentException(file + " must hold a JSON array of questions");
    }
    List<BirdQuestion> out = new ArrayList<>();
    for (int i = 0; i < root.size(); i++) {
      JsonNode q = root.get(i);
      String where = file.getFileName() + "[" + i + "]";
      if (!q.isObject()) {
        throw new IllegalArgumentException(where + " is not an object");
      }
      JsonNode id = q.get("question_id");
      JsonNode text = q.get("question");
      JsonNode gold = q.hasNonNull("gold_sql_postgres") ? q.get("gold_sql_postgres") : q.get("SQL");
      if (id == null || !id.canConvertToInt()) {
        throw new IllegalArgumentException(where + ": question_id is missing or not a number");
      }
      if (text == null || !text.isTextual() || text.asText().isBlank()) {
        throw new IllegalArgumentException(where + ": question is missing");
      }
      if (gold == null || !gold.isTextual() || gold.asText().isBlank()) {
        throw new IllegalArgumentException(where + ": gold_sql_postgres (or SQL) is missing");
      }
      out.add(
          new BirdQuestion(
              id.asInt(),
              q.path("db_id").asText("financial"),
              text.asText(),
              q.path("evidence").asText(""),
              q.path("difficulty").asText(""),
              gold.asText()));
    }
    return out;
  }
}
