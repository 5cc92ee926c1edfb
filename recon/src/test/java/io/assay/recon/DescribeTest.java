package io.assay.recon;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** describe() is plain JSON for ./assay recon and the REST endpoint. */
class DescribeTest {

  @Test
  void describeWritesWithAPlainObjectMapper() throws Exception {
    ReconDescription d = OfflineRecon.get().describe();
    // No java.time module registered: the view must not need one.
    JsonNode json = new ObjectMapper().valueToTree(d);
    assertThat(json.get("dataset").asText()).isEqualTo("financial");
    assertThat(json.get("fingerprint").asText()).hasSize(64);
    assertThat(json.get("tables")).hasSize(8);
    JsonNode trans = findByName(json.get("tables"), "trans");
    JsonNode date = findByName(trans.get("columns"), "date");
    assertThat(date.get("minDate").asText()).isEqualTo("1993-01-01");
    assertThat(date.get("maxDate").asText()).isEqualTo("1998-12-31");
    assertThat(findByName(trans.get("columns"), "operation").get("coded").asBoolean()).isTrue();
    JsonNode cash = findByName(json.get("metrics"), "cash_withdrawal_amount");
    assertThat(cash.get("aggregation").asText()).isEqualTo("sum");
    assertThat(cash.get("filters").get(0).get("value").asText()).isEqualTo("VYBER");
    assertThat(cash.get("timeColumn").asText()).isEqualTo("trans.date");
    assertThat(json.get("relationships")).hasSize(8);
    assertThat(json.get("preferredPaths")).hasSize(6);
    assertThat(json.get("ambiguousPaths")).isEmpty();
    assertThat(json.get("codes").toString())
        .contains("POPLATEK TYDNE")
        .contains("weekly statement issuance");
    assertThat(json.get("valueIndex").toString()).contains("Sokolov");
  }

  private static JsonNode findByName(JsonNode array, String name) {
    for (JsonNode n : array) {
      if (n.get("name").asText().equals(name)) {
        return n;
      }
    }
    throw new AssertionError("no " + name + " in " + array);
  }
}
