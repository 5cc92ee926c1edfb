package io.assay.workflows.job;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.contract.plan.PlanStep;
import io.assay.contract.step.StepCall;
import io.temporal.common.converter.JacksonJsonPayloadConverter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Step args are typed records in memory and the JSON object they always were in payloads: every
 * plan step and analysis call in the recorded histories reads back and writes out byte for byte as
 * recorded, through Temporal's own converter.
 */
class RecordedArgsPayloadTest {
  private static final ObjectMapper TEMPORAL = JacksonJsonPayloadConverter.newDefaultObjectMapper();

  @Test
  void everyRecordedStepAndCallKeepsItsPayload() throws Exception {
    Path dir = Path.of(RecordedArgsPayloadTest.class.getResource("/histories").toURI());
    List<JsonNode> steps = new ArrayList<>();
    List<JsonNode> calls = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".json")).toList()) {
        payloads(TEMPORAL.readTree(f.toFile()), steps, calls);
      }
    }
    assertThat(steps).as("recorded plan steps").hasSizeGreaterThan(700);
    assertThat(calls).as("recorded analysis calls").hasSizeGreaterThan(60);
    for (JsonNode s : steps) {
      assertThat(rewritten(s, PlanStep.class)).isEqualTo(TEMPORAL.writeValueAsString(s));
    }
    for (JsonNode c : calls) {
      assertThat(rewritten(c, StepCall.class)).isEqualTo(TEMPORAL.writeValueAsString(c));
    }
  }

  private static String rewritten(JsonNode recorded, Class<?> type) throws Exception {
    return TEMPORAL.writeValueAsString(TEMPORAL.treeToValue(recorded, type));
  }

  /** The payloads of a history's events, searched for plan steps and analysis calls. */
  private static void payloads(JsonNode n, List<JsonNode> steps, List<JsonNode> calls) {
    if (n.isObject() && n.has("metadata") && n.path("data").isTextual()) {
      byte[] data = Base64.getDecoder().decode(n.get("data").asText());
      try {
        find(TEMPORAL.readTree(new String(data, StandardCharsets.UTF_8)), steps, calls);
      } catch (JsonProcessingException e) {
        // not a JSON payload (a binary or protobuf one)
      }
    }
    n.forEach(c -> payloads(c, steps, calls));
  }

  private static void find(JsonNode p, List<JsonNode> steps, List<JsonNode> calls) {
    if (p.has("analysis") && p.has("args") && p.has("why") && p.has("fallback")) {
      steps.add(p); // its fallback is part of it
    } else if (p.has("stepIndex") && p.has("analysis") && p.has("args")) {
      calls.add(p);
    } else {
      p.forEach(c -> find(c, steps, calls));
    }
  }
}
