package io.assay.web.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.assay.store.ArtifactStore;
import io.assay.web.AssayApplication;
import io.assay.web.support.TestStack;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Base64;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The model reader end to end: the app configured with an OpenAI-compatible model (a scripted
 * server on 127.0.0.1), a question the deterministic reader abstains on runs to a report that says
 * which reader read it; a model that names a metric the dataset does not hold makes the job ask;
 * the token budget holds for the job across its readings; a job the model was not there for says so
 * on itself. Only the reader's prompts are answered from the script; any other model call (report
 * wording) gets an error, which those paths survive without the model.
 */
class ModelReadingJobTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final HttpClient http = HttpClient.newHttpClient();

  /** The deterministic reader abstains on it ("withdrawn by card"): own phrasing. */
  private static final String QUESTION = "How much was withdrawn by card in 1996?";

  private static final String GOOD =
      "{\"understood\":true,\"metric\":\"card_withdrawal_amount\",\"time\":\"t1\","
          + "\"compare_with\":\"none\",\"grain\":\"none\",\"filters\":[],\"group_by\":[],"
          + "\"analyses\":[],\"unclear\":\"\"}";

  private static final String INVENTED = GOOD.replace("card_withdrawal_amount", "card_outflow");

  private final Deque<String> script = new ArrayDeque<>();
  private final AtomicInteger readerCalls = new AtomicInteger();

  @Test
  void aQuestionOnlyTheModelReadsRunsToAReportAndAnInventedNameAsks() throws Exception {
    HttpServer model = scriptedModel();
    try (ConfigurableApplicationContext app = start(model)) {
      String base = base(app);
      script.add(GOOD);
      String id = submit(base);
      JsonNode job = await(base, id, "COMPLETED");
      assertThat(job.path("job").path("state").asText()).isEqualTo("COMPLETED");
      assertThat(readerCalls.get()).isEqualTo(1);
      String report = send(base, "GET", "/api/jobs/" + id + "/report.md", null).body();
      assertThat(report).contains("read by the model reader");
      // the model's reply is kept as an artifact of the job
      assertThat(app.getBean(ArtifactStore.class).infoForJob(id))
          .anySatisfy(a -> assertThat(a.stepId()).isEqualTo("understand"));

      script.add(INVENTED);
      script.add(INVENTED);
      String asked = submit(base);
      JsonNode waiting = await(base, asked, "CLARIFICATION_REQUIRED");
      assertThat(waiting.path("job").path("state").asText()).isEqualTo("CLARIFICATION_REQUIRED");
      assertThat(waiting.toString()).contains("card_outflow").contains("model-metric");
      assertThat(readerCalls.get()).isEqualTo(3);
      assertThat(waiting.path("notices")).isEmpty();

      // The budget is the job's: the two readings spent 1920 of its 1500 tokens, so the reading
      // after the person's answer makes no call, and the job says so on itself.
      HttpResponse<String> answered =
          send(
              base,
              "POST",
              "/api/jobs/" + asked + "/answers",
              "{\"clarificationId\":\"model-metric\",\"value\":\"card_withdrawal_amount\"}");
      assertThat(answered.statusCode()).isEqualTo(200);
      JsonNode after = await(base, asked, "FAILED");
      assertThat(readerCalls.get()).isEqualTo(3);
      assertThat(after.path("notices").toString())
          .contains("token budget for the model (1500) is spent")
          .contains("read without the model");
      assertThat(send(base, "GET", "/jobs/" + asked, null).body())
          .contains("id=\"job-notices\"")
          .contains("token budget for the model (1500) is spent");

      // An unreachable model on a question the deterministic reader asks about: the job asks
      // as it would without a model, and the job itself says the model could not be reached.
      String unreachable = submit(base, "Is the quarterly transaction volume in 1996 unusual?");
      JsonNode question = await(base, unreachable, "CLARIFICATION_REQUIRED");
      assertThat(question.path("job").path("state").asText()).isEqualTo("CLARIFICATION_REQUIRED");
      assertThat(question.path("notices").toString()).contains("The model could not be reached");
    } finally {
      model.stop(0);
    }
  }

  private HttpServer scriptedModel() throws Exception {
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/v1/chat/completions",
        exchange -> {
          String request =
              new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
          String next = null;
          if (request.contains("You read business questions")) {
            readerCalls.incrementAndGet();
            synchronized (script) {
              next = script.poll();
            }
          }
          int status = next == null ? 500 : 200;
          String body =
              next == null
                  ? "{\"error\":{\"message\":\"not scripted\"}}"
                  : "{\"id\":\"c1\",\"object\":\"chat.completion\",\"created\":1700000000,"
                      + "\"model\":\"scripted\",\"choices\":[{\"index\":0,\"message\":{\"role\":"
                      + "\"assistant\",\"content\":"
                      + JSON.writeValueAsString(next)
                      + "},\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":900,"
                      + "\"completion_tokens\":60,\"total_tokens\":960}}";
          byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(status, bytes.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
          }
        });
    server.start();
    return server;
  }

  private static ConfigurableApplicationContext start(HttpServer model) {
    List<String> args = new java.util.ArrayList<>(List.of(TestStack.args(TestStack.home())));
    args.add("--server.port=0");
    args.add("--assay.llm.provider=openai");
    args.add("--assay.llm.model=scripted");
    args.add("--assay.llm.base-url=http://127.0.0.1:" + model.getAddress().getPort() + "/v1");
    args.add("--assay.llm.timeout-seconds=10");
    args.add("--assay.llm.token-budget=1500");
    return new SpringApplicationBuilder(AssayApplication.class).run(args.toArray(String[]::new));
  }

  private static String base(ConfigurableApplicationContext app) {
    return "http://localhost:" + ((WebServerApplicationContext) app).getWebServer().getPort();
  }

  private String submit(String base) throws Exception {
    return submit(base, QUESTION);
  }

  private String submit(String base, String question) throws Exception {
    HttpResponse<String> created =
        send(
            base,
            "POST",
            "/api/jobs",
            "{\"question\":" + JSON.writeValueAsString(question) + ",\"approvalMode\":\"AUTO\"}");
    assertThat(created.statusCode()).isEqualTo(201);
    return JSON.readTree(created.body()).get("id").asText();
  }

  private JsonNode await(String base, String id, String wanted) throws Exception {
    long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
    JsonNode job = null;
    while (System.nanoTime() < deadline) {
      job = JSON.readTree(send(base, "GET", "/api/jobs/" + id, null).body());
      String state = job.path("job").path("state").asText();
      if (state.equals(wanted) || state.equals("FAILED") || state.equals("CANCELLED")) {
        return job;
      }
      Thread.sleep(200);
    }
    return job;
  }

  private HttpResponse<String> send(String base, String method, String path, String body)
      throws Exception {
    String auth =
        Base64.getEncoder()
            .encodeToString(("alice:" + TestStack.PASSWORD).getBytes(StandardCharsets.UTF_8));
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(base + path)).header("Authorization", "Basic " + auth);
    if (body == null) {
      request.method(method, HttpRequest.BodyPublishers.noBody());
    } else {
      request
          .header("Content-Type", "application/json")
          .method(method, HttpRequest.BodyPublishers.ofString(body));
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }
}
