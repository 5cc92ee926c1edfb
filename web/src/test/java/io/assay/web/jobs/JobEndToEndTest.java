package io.assay.web.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.web.AssayApplication;
import io.assay.web.support.TestStack;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The walking skeleton, end to end over HTTP: a question submitted through the REST API runs as a
 * workflow on the in-process Temporal service, the report lands in PostgreSQL, and it is still
 * there, byte for byte, after the application restarts.
 */
class JobEndToEndTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final HttpClient http = HttpClient.newHttpClient();

  @Test
  void aSubmittedQuestionCompletesAndItsReportSurvivesARestart() throws Exception {
    String home = TestStack.home();
    String id;
    String markdown;
    try (ConfigurableApplicationContext app = start(home)) {
      String base = base(app);
      HttpResponse<String> created =
          send(
              base,
              "POST",
              "/api/jobs",
              "{\"question\":\"How many accounts were opened in 1997?\",\"approvalMode\":\"AUTO\"}");
      assertThat(created.statusCode()).isEqualTo(201);
      id = JSON.readTree(created.body()).get("id").asText();

      JsonNode job = awaitTerminal(base, id);
      assertThat(job.path("job").path("state").asText()).isEqualTo("COMPLETED");
      assertThat(job.path("progress").path("steps").get(0).path("status").asText())
          .isEqualTo("DONE");

      HttpResponse<String> report = send(base, "GET", "/api/jobs/" + id + "/report.md", null);
      assertThat(report.statusCode()).isEqualTo(200);
      markdown = report.body();
      assertThat(markdown).contains("How many accounts were opened in 1997?");
    }

    try (ConfigurableApplicationContext app = start(home)) {
      String base = base(app);
      HttpResponse<String> again = send(base, "GET", "/api/jobs/" + id + "/report.md", null);
      assertThat(again.statusCode()).isEqualTo(200);
      assertThat(again.body()).isEqualTo(markdown);
      JsonNode job = JSON.readTree(send(base, "GET", "/api/jobs/" + id, null).body());
      assertThat(job.path("job").path("state").asText()).isEqualTo("COMPLETED");
    }
  }

  private static ConfigurableApplicationContext start(String home) {
    String[] args = TestStack.args(home);
    String[] all = java.util.Arrays.copyOf(args, args.length + 1);
    all[args.length] = "--server.port=0";
    return new SpringApplicationBuilder(AssayApplication.class).run(all);
  }

  private static String base(ConfigurableApplicationContext app) {
    int port = ((WebServerApplicationContext) app).getWebServer().getPort();
    return "http://localhost:" + port;
  }

  private JsonNode awaitTerminal(String base, String id) throws Exception {
    long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
    while (System.nanoTime() < deadline) {
      JsonNode job = JSON.readTree(send(base, "GET", "/api/jobs/" + id, null).body());
      String state = job.path("job").path("state").asText();
      if (state.equals("COMPLETED") || state.equals("FAILED") || state.equals("CANCELLED")) {
        return job;
      }
      Thread.sleep(200);
    }
    throw new AssertionError("job " + id + " did not finish in 2 minutes");
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
