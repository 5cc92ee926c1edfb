package io.assay.web.ui;

import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A person's HTTP session with the application, without a browser: a cookie jar, sign-in through
 * the login form, and forms posted with (or deliberately without) their CSRF token. Redirects are
 * not followed, so tests see them.
 */
public final class Http {
  private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"");

  private final String base;
  private final HttpClient client;
  private final String basic;

  private Http(String base, String basic) {
    this.base = base;
    this.basic = basic;
    this.client =
        HttpClient.newBuilder()
            .cookieHandler(new CookieManager())
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
  }

  /** A browser-like session: no credentials until {@link #login}. */
  public static Http anonymous(String base) {
    return new Http(base, null);
  }

  public static Http signedIn(String base, String user, String password) {
    Http http = anonymous(base);
    Response login =
        http.postForm(
            "/login", Map.of("username", user, "password", password), http.csrf("/login"));
    if (login.status() != 302 || login.header("Location").contains("error")) {
      throw new AssertionError(
          "sign-in of " + user + " failed: " + login.status() + " " + login.header("Location"));
    }
    return http;
  }

  /** An API client sending HTTP basic credentials on every request and no cookies of its own. */
  public static Http basic(String base, String user, String password) {
    String token =
        Base64.getEncoder()
            .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    return new Http(base, "Basic " + token);
  }

  public record Response(int status, String body, HttpResponse<String> raw) {
    public String header(String name) {
      return raw.headers().firstValue(name).orElse("");
    }
  }

  public Response get(String path) {
    return send(request(path).GET().build());
  }

  /**
   * Reads a server-sent event stream line by line until {@code last} matches a line or the timeout
   * passes; returns the lines read.
   */
  public java.util.List<String> stream(
      String path, java.util.function.Predicate<String> last, Duration timeout) {
    HttpRequest request =
        request(path).header("Accept", "text/event-stream").timeout(timeout).GET().build();
    java.util.List<String> lines = new java.util.ArrayList<>();
    try {
      HttpResponse<java.util.stream.Stream<String>> response =
          client.send(request, HttpResponse.BodyHandlers.ofLines());
      if (response.statusCode() != 200) {
        throw new AssertionError("stream " + path + " answered " + response.statusCode());
      }
      try (java.util.stream.Stream<String> body = response.body()) {
        java.util.Iterator<String> it = body.iterator();
        while (it.hasNext()) {
          String line = it.next();
          lines.add(line);
          if (last.test(line)) {
            break;
          }
        }
      }
      return lines;
    } catch (IOException e) {
      throw new AssertionError("stream " + path + " failed after " + lines + ": " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
  }

  public Response get(String path, String accept) {
    return send(request(path).header("Accept", accept).GET().build());
  }

  /** A CSRF token as a page form carries it. */
  public String csrf(String pagePath) {
    Response page = get(pagePath);
    Matcher m = CSRF.matcher(page.body());
    if (!m.find()) {
      throw new AssertionError("no CSRF token on " + pagePath + " (status " + page.status() + ")");
    }
    return m.group(1);
  }

  /** Posts a form; {@code csrf} null sends it without a token. */
  public Response postForm(String path, Map<String, String> fields, String csrf) {
    Map<String, String> all = new LinkedHashMap<>(fields);
    if (csrf != null) {
      all.put("_csrf", csrf);
    }
    String body =
        all.entrySet().stream()
            .map(e -> enc(e.getKey()) + "=" + enc(e.getValue()))
            .collect(Collectors.joining("&"));
    return send(
        request(path)
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build());
  }

  public Response postJson(String path, String json) {
    return send(
        request(path)
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, application/problem+json")
            .POST(HttpRequest.BodyPublishers.ofString(json))
            .build());
  }

  public Response delete(String path) {
    return send(
        request(path)
            .header("Accept", "application/json, application/problem+json")
            .DELETE()
            .build());
  }

  /** A JSON post with one extra header, e.g. an Authorization a browser session would not send. */
  public Response postJsonWithHeader(String path, String json, String header, String value) {
    return send(
        request(path)
            .header("Content-Type", "application/json")
            .header(header, value)
            .POST(HttpRequest.BodyPublishers.ofString(json))
            .build());
  }

  private HttpRequest.Builder request(String path) {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30));
    if (basic != null) {
      b.header("Authorization", basic);
    }
    return b;
  }

  private Response send(HttpRequest request) {
    try {
      HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
      return new Response(response.statusCode(), response.body(), response);
    } catch (IOException e) {
      throw new AssertionError(request.method() + " " + request.uri() + " failed: " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
  }

  private static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }
}
