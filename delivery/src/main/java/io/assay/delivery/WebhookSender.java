package io.assay.delivery;

import com.fasterxml.jackson.databind.JsonNode;
import io.assay.contract.delivery.Delivered;
import io.assay.contract.delivery.WebhookChannel;
import io.assay.contract.delivery.WebhookFormat;
import io.assay.store.CanonicalJson;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * POSTs the message to a webhook with the header {@code Idempotency-Key} (the same on every attempt
 * for a job and channel), so a receiver that honours it processes a retried delivery once even when
 * the first attempt reached it but its answer did not reach us.
 *
 * <p>Confirmation: any 2xx for plain JSON; 200 with body {@code ok} for Slack; 200 with {@code
 * errcode} 0 for DingTalk. A DingTalk channel with a secret (from {@link ChannelSecrets}) is signed
 * as DingTalk specifies: {@code timestamp} and {@code sign} query parameters.
 */
public final class WebhookSender implements DeliveryChannel<WebhookChannel> {
  public static final String IDEMPOTENCY_HEADER = "Idempotency-Key";
  public static final String BODY_SHA_HEADER = "X-Assay-Body-Sha256";

  private static final Logger log = LoggerFactory.getLogger(WebhookSender.class);

  private final HttpClient http;
  private final ChannelSecrets secrets;
  private final Clock clock;
  private final EgressPolicy egress;

  public WebhookSender(ChannelSecrets secrets, Clock clock, EgressPolicy egress) {
    this.http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
    this.secrets = secrets;
    this.clock = clock;
    this.egress = egress;
  }

  @Override
  public Delivered deliver(WebhookChannel spec, DeliveryContent content, String idempotencyKey) {
    String body = WebhookMessages.body(spec.format(), content);
    checkEgress(spec);
    HttpRequest request =
        HttpRequest.newBuilder(target(spec))
            .timeout(Duration.ofMillis(spec.timeoutMillis()))
            .header("Content-Type", "application/json; charset=utf-8")
            .header(IDEMPOTENCY_HEADER, idempotencyKey)
            .header(BODY_SHA_HEADER, content.bodySha256())
            .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
            .build();
    HttpResponse<String> response;
    try {
      response = http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    } catch (HttpTimeoutException e) {
      throw new ChannelNotConfirmedException(
          "webhook "
              + spec.name()
              + " did not confirm within "
              + spec.timeoutMillis()
              + " ms; it may have received the report, and the retry carries the same "
              + IDEMPOTENCY_HEADER,
          true,
          e);
    } catch (IOException e) {
      throw new ChannelNotConfirmedException(
          "webhook " + spec.name() + " unreachable: " + UrlRedaction.redact(e.getMessage()),
          true,
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ChannelNotConfirmedException("webhook " + spec.name() + " interrupted", true, e);
    }
    // The reply body stays in the worker's log: receipts are shown to analysts, and echoing what
    // an arbitrary endpoint answered would turn delivery into a way of reading other services.
    log.info(
        "webhook {} answered HTTP {}: {}",
        spec.name(),
        response.statusCode(),
        abbreviate(response.body()));
    if (!confirmed(spec.format(), response)) {
      throw new ChannelNotConfirmedException(
          "webhook "
              + spec.name()
              + " answered HTTP "
              + response.statusCode()
              + dingTalkCode(spec.format(), response.body()),
          true);
    }
    return new Delivered(CanonicalJson.sha256(body), "HTTP " + response.statusCode());
  }

  /** Checked before every attempt: the name may resolve elsewhere than at submission. */
  private void checkEgress(WebhookChannel spec) {
    try {
      egress.check(URI.create(spec.url()));
    } catch (EgressDeniedException e) {
      throw new ChannelNotConfirmedException(
          "webhook " + spec.name() + " refused: " + e.getMessage(), false, e);
    } catch (UnknownHostException e) {
      throw new ChannelNotConfirmedException(
          "webhook " + spec.name() + ": its host does not resolve now", true, e);
    }
  }

  private static boolean confirmed(WebhookFormat format, HttpResponse<String> response) {
    int status = response.statusCode();
    return switch (format) {
      case PLAIN_JSON -> status >= 200 && status < 300;
      case SLACK -> status == 200 && "ok".equals(response.body().strip());
      case DINGTALK -> status == 200 && dingTalkOk(response.body());
    };
  }

  /** DingTalk's numeric error code, the one part of its reply worth showing. */
  private static String dingTalkCode(WebhookFormat format, String body) {
    if (format != WebhookFormat.DINGTALK) {
      return "";
    }
    try {
      JsonNode code = CanonicalJson.parse(body).path("errcode");
      return code.isInt() ? ", errcode " + code.asInt() : "";
    } catch (IllegalArgumentException e) {
      return "";
    }
  }

  private static boolean dingTalkOk(String body) {
    try {
      JsonNode reply = CanonicalJson.parse(body);
      return reply.path("errcode").isInt() && reply.path("errcode").asInt() == 0;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  private URI target(WebhookChannel spec) {
    if (spec.format() != WebhookFormat.DINGTALK) {
      return URI.create(spec.url());
    }
    return secrets
        .secret(spec.name())
        .map(secret -> URI.create(signed(spec.url(), secret, clock.millis())))
        .orElse(URI.create(spec.url()));
  }

  /** DingTalk's signature: Base64(HmacSHA256(secret, timestamp + "\n" + secret)), URL-encoded. */
  static String signed(String url, String secret, long timestamp) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      byte[] digest = mac.doFinal((timestamp + "\n" + secret).getBytes(StandardCharsets.UTF_8));
      String sign =
          URLEncoder.encode(Base64.getEncoder().encodeToString(digest), StandardCharsets.UTF_8);
      return url + (url.contains("?") ? "&" : "?") + "timestamp=" + timestamp + "&sign=" + sign;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is part of every JVM", e);
    }
  }

  private static String abbreviate(String s) {
    String one = s == null ? "" : s.strip().replaceAll("\\s+", " ");
    return one.length() <= 200 ? one : one.substring(0, 200) + "…";
  }
}
