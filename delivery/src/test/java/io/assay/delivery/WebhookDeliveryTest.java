package io.assay.delivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.assay.contract.delivery.Receipt;
import io.assay.contract.delivery.ReceiptStatus;
import io.assay.contract.delivery.WebhookChannel;
import io.assay.contract.delivery.WebhookFormat;
import io.assay.contract.report.ReportRef;
import io.assay.store.CanonicalJson;
import io.temporal.failure.ApplicationFailure;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

class WebhookDeliveryTest {
  private final DeliveryActivitiesImpl activities =
      new DeliveryActivitiesImpl(
          FrozenJobs.service(ChannelSecrets.of(Map.of("ding", "SECa1b2"))), FrozenJobs.RECEIPTS);

  @Test
  void exactlyOneDeliveryWhenTheActivityIsRetriedAfterATimeout() throws Exception {
    ReportRef report = FrozenJobs.frozen();
    try (WebhookReceiver receiver = new WebhookReceiver(200, "{\"accepted\":true}")) {
      // The receiver processes the first request but answers after the sender's timeout.
      receiver.answerFirstRequestAfter(2_000);
      WebhookChannel channel =
          new WebhookChannel("ops", receiver.url(), WebhookFormat.PLAIN_JSON, 400);

      assertThatThrownBy(() -> activities.deliver(report.jobId(), channel, report))
          .isInstanceOfSatisfying(
              ApplicationFailure.class,
              f -> {
                assertThat(f.getType()).isEqualTo(DeliveryActivitiesImpl.NOT_CONFIRMED);
                assertThat(f.isNonRetryable()).isFalse();
                assertThat(f.getOriginalMessage()).contains("did not confirm within 400 ms");
              });
      Receipt pending = FrozenJobs.RECEIPTS.find(report.jobId(), "ops").orElseThrow();
      assertThat(pending.status()).isEqualTo(ReceiptStatus.PENDING);
      assertThat(pending.lastError()).contains("did not confirm");

      // Temporal retries the activity: same Idempotency-Key, so the receiver does not process
      // again.
      Receipt receipt = activities.deliver(report.jobId(), channel, report);
      assertThat(receipt.confirmed()).isTrue();
      assertThat(receipt.attempts()).isEqualTo(2);
      assertThat(receiver.requests.get()).isEqualTo(2);
      assertThat(receiver.processed).hasSize(1);
      WebhookReceiver.Received got = receiver.processed.get(0);
      assertThat(got.key())
          .isEqualTo(receipt.idempotencyKey())
          .isEqualTo(DeliveryService.idempotencyKey(report.jobId(), "ops"));

      // The receipt carries the frozen body's checksum, and the hash of exactly what was received.
      assertThat(receipt.bodySha256()).isEqualTo(report.bodySha256());
      assertThat(receipt.contentSha256()).isEqualTo(CanonicalJson.sha256(got.body()));
      JsonNode payload = CanonicalJson.parse(got.body());
      assertThat(payload.get("bodySha256").asText()).isEqualTo(report.bodySha256());
      assertThat(got.bodySha()).isEqualTo(report.bodySha256());
      assertThat(CanonicalJson.sha256(payload.get("html").asText())).isEqualTo(report.htmlSha256());
      assertThat(CanonicalJson.sha256(payload.get("markdown").asText()))
          .isEqualTo(report.markdownSha256());

      // Once confirmed, a further retry sends nothing and returns the same receipt.
      assertThat(activities.deliver(report.jobId(), channel, report)).isEqualTo(receipt);
      assertThat(receiver.requests.get()).isEqualTo(2);
      assertThat(activities.receipts(report.jobId())).containsExactly(receipt);
    }
  }

  @Test
  void slackMessageIsConfirmedOnlyByOk() throws Exception {
    ReportRef report = FrozenJobs.frozen();
    try (WebhookReceiver refusing = new WebhookReceiver(400, "invalid_blocks");
        WebhookReceiver slack = new WebhookReceiver(200, "ok")) {
      WebhookChannel bad = new WebhookChannel("slack", refusing.url(), WebhookFormat.SLACK, 2000);
      assertThatThrownBy(() -> activities.deliver(report.jobId(), bad, report))
          .isInstanceOfSatisfying(
              ApplicationFailure.class,
              f ->
                  assertThat(f.getOriginalMessage())
                      .contains("HTTP 400")
                      // the reply stays in the worker log: receipts are shown to analysts
                      .doesNotContain("invalid_blocks"));
      WebhookChannel good = new WebhookChannel("slack", slack.url(), WebhookFormat.SLACK, 2000);
      Receipt receipt = activities.deliver(report.jobId(), good, report);
      assertThat(receipt.confirmed()).isTrue();
      assertThat(receipt.attempts()).isEqualTo(2);
      assertThat(receipt.bodySha256()).isEqualTo(report.bodySha256());

      JsonNode message = CanonicalJson.parse(slack.processed.get(0).body());
      assertThat(message.get("text").asText())
          .isEqualTo("Monthly cash withdrawals in 1997 — 2 question(s) answered");
      assertThat(message.at("/blocks/0/type").asText()).isEqualTo("header");
      assertThat(message.at("/blocks/1/text/type").asText()).isEqualTo("mrkdwn");
      assertThat(message.at("/blocks/1/text/text").asText())
          .isEqualTo(
              "*Was the monthly cash withdrawal amount in 1997 unusual?*\nCash withdrawals in March 1997 "
                  + "were 2,934,500 CZK against a baseline of 4,830,000 CZK, a change of -39.2%. The "
                  + "anomaly score of that month is 0.83, which is high.");
      assertThat(message.at("/blocks/3/elements/0/text").asText()).contains(report.bodySha256());
    }
  }

  @Test
  void dingTalkMarkdownIsSignedAndConfirmedByErrcodeZero() throws Exception {
    ReportRef report = FrozenJobs.frozen();
    try (WebhookReceiver ding = new WebhookReceiver(200, "{\"errcode\":0,\"errmsg\":\"ok\"}");
        WebhookReceiver dingRefusing =
            new WebhookReceiver(200, "{\"errcode\":310000,\"errmsg\":\"sign not match\"}")) {
      WebhookChannel refused =
          new WebhookChannel(
              "ding", dingRefusing.url() + "?access_token=t", WebhookFormat.DINGTALK, 2000);
      assertThatThrownBy(() -> activities.deliver(report.jobId(), refused, report))
          .hasMessageContaining("errcode 310000")
          .hasMessageNotContaining("sign not match");

      WebhookChannel channel =
          new WebhookChannel("ding", ding.url() + "?access_token=t", WebhookFormat.DINGTALK, 2000);
      Receipt receipt = activities.deliver(report.jobId(), channel, report);
      assertThat(receipt.confirmed()).isTrue();
      WebhookReceiver.Received got = ding.processed.get(0);
      JsonNode message = CanonicalJson.parse(got.body());
      assertThat(message.get("msgtype").asText()).isEqualTo("markdown");
      assertThat(message.at("/markdown/title").asText())
          .isEqualTo("Monthly cash withdrawals in 1997");
      assertThat(message.at("/markdown/text").asText())
          .startsWith("### Monthly cash withdrawals in 1997")
          .contains("**Which district explains the unusual month?**")
          .contains("Sokolov explains 87.4% of the drop")
          .endsWith("body sha256 " + report.bodySha256());

      // Verify the signature as DingTalk does.
      Map<String, String> query = new HashMap<>();
      for (String pair : got.query().split("&")) {
        String[] kv = pair.split("=", 2);
        query.put(kv[0], URLDecoder.decode(kv[1], StandardCharsets.UTF_8));
      }
      String timestamp = query.get("timestamp");
      assertThat(timestamp).isEqualTo(String.valueOf(FrozenJobs.CLOCK.millis()));
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec("SECa1b2".getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      String expected =
          Base64.getEncoder()
              .encodeToString(
                  mac.doFinal((timestamp + "\nSECa1b2").getBytes(StandardCharsets.UTF_8)));
      assertThat(query.get("sign")).isEqualTo(expected);
      assertThat(query.get("access_token")).isEqualTo("t");
    }
  }

  @Test
  void aReportThatNoLongerMatchesItsChecksumIsNeverDelivered() throws Exception {
    ReportRef report = FrozenJobs.frozen();
    ReportRef forged =
        new ReportRef(
            report.jobId(),
            "f".repeat(64),
            report.htmlSha256(),
            report.markdownSha256(),
            report.htmlBytes(),
            report.markdownBytes(),
            report.sections(),
            report.facts(),
            report.repairs(),
            report.frozenAt());
    try (WebhookReceiver receiver = new WebhookReceiver(200, "{}")) {
      WebhookChannel channel =
          new WebhookChannel("ops", receiver.url(), WebhookFormat.PLAIN_JSON, 0);
      assertThatThrownBy(() -> activities.deliver(report.jobId(), channel, forged))
          .isInstanceOfSatisfying(
              ApplicationFailure.class,
              f -> {
                assertThat(f.getType()).isEqualTo(DeliveryActivitiesImpl.REJECTED);
                assertThat(f.isNonRetryable()).isTrue();
              });
      assertThat(receiver.requests.get()).isZero();
      assertThatThrownBy(
              () -> new WebhookChannel("ops", "file:///etc/passwd", WebhookFormat.PLAIN_JSON, 0))
          .hasMessageContaining("absolute http(s) URL");
    }
  }
}
