package io.assay.web.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;

/**
 * The REST API of a running Assay as the CLI commands call it: HTTP Basic on every request, and an
 * error answer turned into one line with the problem detail's own words.
 */
final class AssayRest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();

  private final String base;
  private final String auth;

  AssayRest(String base, String user, String password) {
    this.base = base;
    this.auth =
        "Basic "
            + Base64.getEncoder()
                .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
  }

  /** Whether an Assay answers its health check at {@code base} (no credentials needed). */
  static boolean healthy(String base) {
    try {
      HttpResponse<String> r =
          HTTP.send(
              HttpRequest.newBuilder(URI.create(base + "/actuator/health"))
                  .timeout(Duration.ofSeconds(3))
                  .GET()
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      return r.statusCode() == 200;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** The JSON answer of {@code method path}, with {@code body} (or none) as its JSON body. */
  JsonNode call(String method, String path, Object body) {
    try {
      return JSON.readTree(send(method, path, body));
    } catch (IOException e) {
      throw new StartupFailure("unreadable answer from " + base + path + ": " + e.getMessage());
    }
  }

  /** The answer's body as text; an answer of 400 or more is a {@link StartupFailure}. */
  String send(String method, String path, Object body) {
    try {
      HttpRequest.Builder request =
          HttpRequest.newBuilder(URI.create(base + path))
              .timeout(Duration.ofSeconds(30))
              .header("Authorization", auth);
      if (body == null) {
        request.method(method, HttpRequest.BodyPublishers.noBody());
      } else {
        request
            .header("Content-Type", "application/json")
            .method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
      }
      HttpResponse<String> r = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
      if (r.statusCode() >= 400) {
        String detail = r.body();
        try {
          detail = JSON.readTree(r.body()).path("detail").asText(r.body());
        } catch (IOException ignored) {
          // not a problem document; keep the raw body
        }
        throw new StartupFailure(
            method + " " + path + " failed (" + r.statusCode() + "): " + detail);
      }
      return r.body();
    } catch (IOException e) {
      throw new StartupFailure("cannot reach Assay at " + base + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new StartupFailure("interrupted");
    }
  }
}
