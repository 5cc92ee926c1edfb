package io.assay.recon.eval;

import com.fasterxml.jackson.databind.JsonNode;
import io.assay.pick.Pick;
import io.assay.pick.PickJson;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The hand-written Pick fixtures for the BIRD dev questions, and the questions' gold SQL. */
final class BirdFixtures {

  static final List<Integer> QUESTION_IDS =
      List.of(93, 94, 98, 100, 112, 116, 118, 125, 136, 138, 145, 168, 169, 189, 194);

  /** One fixture: the Pick, and for a deliberately inexpressible question the expected error. */
  record Fixture(int questionId, String note, Pick pick, String rejected) {}

  record Question(int questionId, String question, String goldSql) {}

  private BirdFixtures() {}

  static Fixture fixture(int id) {
    String resource = String.format("bird/q%03d.json", id);
    try (InputStream in = BirdFixtures.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("missing fixture " + resource);
      }
      JsonNode node = PickJson.mapper().readTree(in);
      Pick pick = PickJson.read(node.get("pick").toString());
      return new Fixture(
          node.get("questionId").asInt(),
          node.path("note").asText(null),
          pick,
          node.hasNonNull("rejected") ? node.get("rejected").asText() : null);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  static Map<Integer, Question> questions(Path evalFile) {
    try {
      JsonNode root = PickJson.mapper().readTree(Files.readString(evalFile));
      Map<Integer, Question> out = new LinkedHashMap<>();
      for (JsonNode q : root) {
        out.put(
            q.get("question_id").asInt(),
            new Question(
                q.get("question_id").asInt(),
                q.get("question").asText(),
                q.get("gold_sql_postgres").asText()));
      }
      return out;
    } catch (IOException e) {
      throw new IllegalStateException("cannot read " + evalFile, e);
    }
  }

  static List<Fixture> all() {
    List<Fixture> out = new ArrayList<>();
    QUESTION_IDS.forEach(id -> out.add(fixture(id)));
    return out;
  }
}
