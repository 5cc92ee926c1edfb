package io.assay.web.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.web.support.TestStack;
import io.assay.web.ui.WebAppTest;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A bounded fuzz run of the API from its own description ({@code /v3/api-docs}): requests built
 * from each operation's parameters and body schema, mostly plausible and often at the edges or
 * wrong, as an analyst and as an operator. No answer may be a 5xx; every error is a problem detail;
 * every documented JSON answer matches its schema. The seed is printed, so a failure can be
 * replayed with {@code -Dassay.fuzz.seed=N}.
 */
class ApiFuzzTest extends WebAppTest {
  private static final int REQUESTS = 520;
  private static final Duration BUDGET = Duration.ofMinutes(5);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpClient http =
      HttpClient.newBuilder()
          .followRedirects(HttpClient.Redirect.NEVER)
          .connectTimeout(Duration.ofSeconds(5))
          .build();

  @Test
  void noRequestFromTheDescriptionGetsA5xxAndEveryAnswerIsDocumentedShape() throws Exception {
    long seed = Long.getLong("assay.fuzz.seed", System.nanoTime());
    Random random = new Random(seed);
    JsonNode docs =
        JSON.readTree(send("GET", "/v3/api-docs", null, ALICE, "application/json").body);
    SchemaValues values = new SchemaValues(docs, random);
    SchemaCheck check = new SchemaCheck(values);
    List<Operation> operations = operations(docs);
    assertThat(operations).hasSizeGreaterThanOrEqualTo(10);

    List<String> ids = new ArrayList<>(List.of("job-nope"));
    ids.add(
        created(
            send(
                "POST",
                "/api/jobs",
                "{\"question\":\"How many loans are there?\"}",
                ALICE,
                "*/*")));
    Map<String, Integer> byStatus = new TreeMap<>();
    List<String> failures = new ArrayList<>();
    long deadline = System.nanoTime() + BUDGET.toNanos();
    int sent = 0;
    while (sent < REQUESTS && System.nanoTime() < deadline) {
      Operation op = operations.get(random.nextInt(operations.size()));
      String user = random.nextInt(4) == 0 ? OLGA : ALICE;
      String path = op.path(values, random, ids);
      String body =
          op.body == null || random.nextInt(20) == 0
              ? null
              : JSON.writeValueAsString(values.value(op.body, 0));
      if (body != null && random.nextInt(25) == 0) {
        body = body.substring(0, body.length() / 2); // truncated JSON
      }
      Answer answer =
          send(op.method, path, body, user, random.nextInt(5) == 0 ? "application/json" : "*/*");
      sent++;
      byStatus.merge(answer.status / 100 + "xx", 1, Integer::sum);
      String what =
          op.method
              + " "
              + path
              + " "
              + (body == null ? "" : abbreviate(body))
              + " -> "
              + answer.status
              + " "
              + answer.type
              + " "
              + abbreviate(answer.body);
      if (answer.status >= 500) {
        failures.add("5xx: " + what);
      } else if (answer.status >= 400 && !answer.type.startsWith("application/problem+json")) {
        failures.add("not a problem detail: " + what);
      } else if (answer.status < 300 && answer.type.startsWith("application/json")) {
        JsonNode schema = op.responseSchema(answer.status);
        if (schema != null) {
          List<String> problems = check.problems(JSON.readTree(answer.body), schema, "$");
          if (!problems.isEmpty()) {
            failures.add("schema " + problems + ": " + what);
          }
        }
      }
      if (op.method.equals("POST") && op.template.equals("/api/jobs") && answer.status == 201) {
        ids.add(created(answer));
      }
    }
    System.out.printf(
        "API fuzz: seed %d, %d requests over %d operations, %s, %d failures%n",
        seed, sent, operations.size(), byStatus, failures.size());
    assertThat(sent).isGreaterThanOrEqualTo(500);
    assertThat(failures).as("seed " + seed).isEmpty();
  }

  private static String created(Answer answer) throws IOException {
    return JSON.readTree(answer.body).path("id").asText();
  }

  private static String abbreviate(String s) {
    return s.length() <= 300 ? s : s.substring(0, 300) + "…";
  }

  private record Answer(int status, String type, String body) {}

  private Answer send(String method, String path, String body, String user, String accept)
      throws IOException, InterruptedException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(base() + path))
            .timeout(Duration.ofSeconds(30))
            .header("Accept", accept)
            .header(
                "Authorization",
                "Basic "
                    + Base64.getEncoder()
                        .encodeToString(
                            (user + ":" + TestStack.PASSWORD).getBytes(StandardCharsets.UTF_8)));
    if (body != null) {
      request.header("Content-Type", "application/json");
    }
    request.method(
        method,
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body));
    HttpResponse<InputStream> response;
    try {
      response = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
    } catch (HttpTimeoutException e) {
      return new Answer(599, "", "timed out");
    }
    String type = response.headers().firstValue("Content-Type").orElse("");
    try (InputStream in = response.body()) {
      // A live stream stays open while its job runs: its status and type are the answer.
      String text =
          type.startsWith("text/event-stream")
              ? ""
              : new String(in.readNBytes(2_000_000), StandardCharsets.UTF_8);
      return new Answer(response.statusCode(), type, text);
    }
  }

  /** One operation of the description. */
  private record Operation(
      String method,
      String template,
      List<JsonNode> parameters,
      JsonNode body,
      JsonNode responses) {

    String path(SchemaValues values, Random random, List<String> ids) {
      String path = template;
      StringBuilder query = new StringBuilder();
      for (JsonNode p : parameters) {
        String name = p.path("name").asText();
        String in = p.path("in").asText();
        if (in.equals("header")) {
          continue;
        }
        String value;
        if (name.equals("id") && random.nextInt(3) != 0) {
          value = ids.get(random.nextInt(ids.size()));
        } else {
          JsonNode v = values.value(p.path("schema"), 3);
          value = v.isValueNode() ? v.asText() : v.toString();
        }
        if (in.equals("path")) {
          String encoded = URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
          path = path.replace("{" + name + "}", encoded.isEmpty() ? "x" : encoded);
        } else if (in.equals("query") && (p.path("required").asBoolean() || random.nextBoolean())) {
          query
              .append(query.isEmpty() ? "?" : "&")
              .append(name)
              .append('=')
              .append(URLEncoder.encode(value, StandardCharsets.UTF_8));
        }
      }
      return path + query;
    }

    JsonNode responseSchema(int status) {
      JsonNode r =
          responses.has(String.valueOf(status))
              ? responses.get(String.valueOf(status))
              : responses.path("default");
      JsonNode content = r.path("content");
      Iterator<String> types = content.fieldNames();
      while (types.hasNext()) {
        String type = types.next();
        if (type.contains("json") && content.get(type).has("schema")) {
          return content.get(type).get("schema");
        }
      }
      return null;
    }
  }

  private static List<Operation> operations(JsonNode docs) {
    List<Operation> out = new ArrayList<>();
    docs.path("paths")
        .fields()
        .forEachRemaining(
            path ->
                path.getValue()
                    .fields()
                    .forEachRemaining(
                        method -> {
                          JsonNode op = method.getValue();
                          List<JsonNode> params = new ArrayList<>();
                          op.path("parameters").forEach(params::add);
                          JsonNode body = null;
                          JsonNode content = op.path("requestBody").path("content");
                          if (content.has("application/json")) {
                            body = content.get("application/json").path("schema");
                          }
                          out.add(
                              new Operation(
                                  method.getKey().toUpperCase(java.util.Locale.ROOT),
                                  path.getKey(),
                                  params,
                                  body,
                                  op.path("responses")));
                        }));
    return out;
  }
}
