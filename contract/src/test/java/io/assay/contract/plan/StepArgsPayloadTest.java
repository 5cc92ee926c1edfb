package io.assay.contract.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.contract.step.StepCall;
import io.assay.pick.Pick;
import io.assay.pick.PickJson;
import io.temporal.common.converter.DefaultDataConverter;
import io.temporal.common.converter.JacksonJsonPayloadConverter;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Typed step args cross Temporal with the payload the JSON-map args had: Temporal's own converter,
 * no knowledge of the analyses, nulls of a Pick still omitted.
 */
class StepArgsPayloadTest {

  /** What a direct answer's args record looks like (the real one lives with the analysis). */
  record PickArgs(Pick pick) implements StepArgs {}

  private static final String PICK =
      "{\"measures\":[{\"kind\":\"metric\",\"metric\":\"loan_count\"}],"
          + "\"filters\":[{\"kind\":\"compare\",\"column\":\"loan.amount\",\"op\":\"lt\","
          + "\"value\":100000}]}";

  private static String payload(Object value) {
    return DefaultDataConverter.STANDARD_INSTANCE
        .toPayload(value)
        .orElseThrow()
        .getData()
        .toString(StandardCharsets.UTF_8);
  }

  private static <T> T read(String json, Class<T> type) throws Exception {
    return JacksonJsonPayloadConverter.newDefaultObjectMapper().readValue(json, type);
  }

  @Test
  void aTypedPickWritesTheJsonObjectTheMapArgsWrote() throws Exception {
    Pick pick = PickJson.read(PICK);
    // as the planner wrote it so far: the Pick written by PickJson and read back as a map
    Map<String, Object> asMap =
        Map.of("pick", PickJson.mapper().readValue(PickJson.write(pick), Map.class));
    PlanStep typed = new PlanStep("direct_answer", new PickArgs(pick), "answer", null);
    PlanStep mapped = new PlanStep("direct_answer", asMap, "answer", null);

    assertThat(payload(typed))
        .isEqualTo(payload(mapped))
        .isEqualTo(
            "{\"analysis\":\"direct_answer\",\"args\":{\"pick\":"
                + PickJson.write(pick)
                + "},\"why\":\"answer\",\"fallback\":null}");
    assertThat(typed).isEqualTo(mapped);
  }

  @Test
  void recordedPayloadsReadAsRawAndWriteBackUnchanged() throws Exception {
    String step =
        "{\"analysis\":\"trend_anomaly\",\"args\":{\"metric\":\"m\",\"time\":{\"kind\":\"year\","
            + "\"year\":1997},\"grain\":\"month\"},\"why\":\"scan\",\"fallback\":"
            + "{\"analysis\":\"ok\",\"args\":{},\"why\":\"\",\"fallback\":null}}";
    PlanStep read = read(step, PlanStep.class);
    assertThat(read.stepArgs()).isInstanceOf(StepArgs.Raw.class);
    assertThat(read.args()).containsKeys("metric", "time", "grain");
    assertThat(payload(read)).isEqualTo(step);

    String call =
        "{\"jobId\":\"j3\",\"stepIndex\":1,\"analysis\":\"trend_anomaly\","
            + "\"args\":{\"grain\":\"month\"},\"question\":\"ok\",\"answers\":[]}";
    assertThat(payload(read(call, StepCall.class))).isEqualTo(call);

    PlanStep nullArgs =
        read("{\"analysis\":\"ok\",\"args\":null,\"why\":\"w\",\"fallback\":null}", PlanStep.class);
    assertThat(nullArgs.args()).isEmpty();
  }

  @Test
  void rawArgsKeepTheirOrderAndHoldOnlyJson() {
    Map<String, Object> given = new LinkedHashMap<>();
    given.put("grain", "month");
    given.put("pick", PickJson.read(PICK));
    given.put("metric", "m");
    StepArgs raw = StepArgs.of(given);
    assertThat(raw.json().keySet()).containsExactly("grain", "pick", "metric");
    assertThat(raw.json().get("pick")).isInstanceOf(Map.class);
    assertThat(payload(new StepCall("j", 0, "x", raw, "q", List.of())))
        .contains(
            "\"args\":{\"grain\":\"month\",\"pick\":"
                + PickJson.write(PickJson.read(PICK))
                + ",\"metric\":\"m\"}");
  }
}
