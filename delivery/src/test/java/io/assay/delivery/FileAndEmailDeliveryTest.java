package io.assay.delivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.assay.contract.delivery.DirectoryChannel;
import io.assay.contract.delivery.EmailChannel;
import io.assay.contract.delivery.Receipt;
import io.assay.contract.delivery.ReceiptStatus;
import io.assay.contract.report.ReportRef;
import io.assay.report.FrozenReport;
import io.assay.store.CanonicalJson;
import io.temporal.failure.ApplicationFailure;
import jakarta.mail.Session;
import jakarta.mail.internet.MimeMessage;
import jakarta.mail.internet.MimeMultipart;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileAndEmailDeliveryTest {
  private final DeliveryActivitiesImpl activities =
      new DeliveryActivitiesImpl(FrozenJobs.service(ChannelSecrets.NONE), FrozenJobs.RECEIPTS);

  @Test
  void theFileChannelWritesAtomicallyOnceAndSkipsWhatIsPresent(@TempDir Path dir) throws Exception {
    ReportRef report = FrozenJobs.frozen();
    FrozenReport frozen = FrozenJobs.REPORTS.find(report.jobId()).orElseThrow();
    DirectoryChannel channel = new DirectoryChannel("archive", dir.toString());
    Receipt receipt = activities.deliver(report.jobId(), channel, report);
    assertThat(receipt.confirmed()).isTrue();
    assertThat(receipt.bodySha256()).isEqualTo(report.bodySha256());

    Path folder = dir.resolve(report.jobId());
    assertThat(Files.readString(folder.resolve("report.html"))).isEqualTo(frozen.html());
    assertThat(Files.readString(folder.resolve("report.md"))).isEqualTo(frozen.markdown());
    String manifest = Files.readString(folder.resolve("manifest.json"));
    assertThat(receipt.contentSha256()).isEqualTo(CanonicalJson.sha256(manifest));
    JsonNode m = CanonicalJson.parse(manifest);
    assertThat(m.get("bodySha256").asText()).isEqualTo(report.bodySha256());
    assertThat(m.at("/files/report.html").asText()).isEqualTo(report.htmlSha256());
    try (Stream<Path> files = Files.list(folder)) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .containsExactlyInAnyOrder("report.html", "report.md", "manifest.json");
    }

    // The receipt lost (e.g. a crash before it was written): files present with the same content
    // are skipped, and the delivery is confirmed without rewriting them.
    try (var c = FrozenJobs.DB.getConnection();
        var s = c.createStatement()) {
      s.execute("delete from assay.delivery_receipt where job_id = '" + report.jobId() + "'");
    }
    long modified = Files.getLastModifiedTime(folder.resolve("report.html")).toMillis();
    Receipt again = activities.deliver(report.jobId(), channel, report);
    assertThat(again.confirmed()).isTrue();
    assertThat(again.contentSha256()).isEqualTo(receipt.contentSha256());
    assertThat(Files.getLastModifiedTime(folder.resolve("report.html")).toMillis())
        .isEqualTo(modified);
  }

  @Test
  void theFileChannelRefusesToOverwriteADifferentReport(@TempDir Path dir) throws Exception {
    ReportRef report = FrozenJobs.frozen();
    Path folder = Files.createDirectories(dir.resolve(report.jobId()));
    Files.writeString(folder.resolve("report.html"), "<p>an older report</p>");
    assertThatThrownBy(
            () ->
                activities.deliver(
                    report.jobId(), new DirectoryChannel("archive", dir.toString()), report))
        .isInstanceOfSatisfying(
            ApplicationFailure.class,
            f -> {
              assertThat(f.isNonRetryable()).isTrue();
              assertThat(f.getOriginalMessage()).contains("refusing to overwrite");
            });
    assertThat(Files.readString(folder.resolve("report.html"))).isEqualTo("<p>an older report</p>");
    assertThat(FrozenJobs.RECEIPTS.find(report.jobId(), "archive").orElseThrow().status())
        .isEqualTo(ReceiptStatus.PENDING);
  }

  @Test
  void theEmailChannelSendsBothFormatsOverSmtp() throws Exception {
    ReportRef report = FrozenJobs.frozen();
    FrozenReport frozen = FrozenJobs.REPORTS.find(report.jobId()).orElseThrow();
    try (TinySmtpServer smtp = new TinySmtpServer()) {
      EmailChannel channel =
          new EmailChannel(
              "mail",
              "127.0.0.1",
              smtp.port(),
              "assay@example.org",
              List.of("ops@example.org", "ana@example.org"),
              false,
              "",
              5000);
      Receipt receipt = activities.deliver(report.jobId(), channel, report);
      assertThat(receipt.confirmed()).isTrue();
      assertThat(receipt.bodySha256()).isEqualTo(report.bodySha256());
      assertThat(smtp.received).hasSize(1);
      TinySmtpServer.Mail mail = smtp.received.get(0);
      assertThat(mail.from()).isEqualTo("<assay@example.org>");
      assertThat(mail.to()).containsExactly("<ops@example.org>", "<ana@example.org>");
      assertThat(receipt.contentSha256()).isEqualTo(CanonicalJson.sha256(mail.data()));

      MimeMessage message =
          new MimeMessage(
              Session.getInstance(new Properties()), new ByteArrayInputStream(mail.data()));
      String key = DeliveryService.idempotencyKey(report.jobId(), "mail");
      assertThat(message.getSubject()).isEqualTo("Monthly cash withdrawals in 1997");
      assertThat(message.getMessageID()).isEqualTo("<" + key + "@assay.invalid>");
      assertThat(message.getHeader("Idempotency-Key")[0]).isEqualTo(key);
      assertThat(message.getHeader("X-Assay-Body-Sha256")[0]).isEqualTo(report.bodySha256());
      MimeMultipart parts = (MimeMultipart) message.getContent();
      assertThat(parts.getContentType()).startsWith("multipart/alternative");
      // Text parts travel with CRLF line ends (RFC 5322); the content is otherwise identical.
      String markdown = ((String) parts.getBodyPart(0).getContent()).replace("\r\n", "\n");
      String html = ((String) parts.getBodyPart(1).getContent()).replace("\r\n", "\n");
      assertThat(markdown).isEqualTo(frozen.markdown());
      assertThat(CanonicalJson.sha256(html.getBytes(StandardCharsets.UTF_8)))
          .isEqualTo(report.htmlSha256());

      assertThat(activities.deliver(report.jobId(), channel, report)).isEqualTo(receipt);
      assertThat(smtp.received).hasSize(1);
    }
  }

  @Test
  void anSmtpServerThatIsDownLeavesTheReceiptPendingForRetry() throws Exception {
    ReportRef report = FrozenJobs.frozen();
    int port;
    try (TinySmtpServer closed = new TinySmtpServer()) {
      port = closed.port();
    }
    EmailChannel channel =
        new EmailChannel(
            "mail",
            "127.0.0.1",
            port,
            "assay@example.org",
            List.of("ops@example.org"),
            false,
            "",
            1000);
    assertThatThrownBy(() -> activities.deliver(report.jobId(), channel, report))
        .isInstanceOfSatisfying(
            ApplicationFailure.class,
            f -> {
              assertThat(f.isNonRetryable()).isFalse();
              assertThat(f.getOriginalMessage()).contains("did not accept the report");
            });
    Receipt pending = FrozenJobs.RECEIPTS.find(report.jobId(), "mail").orElseThrow();
    assertThat(pending.status()).isEqualTo(ReceiptStatus.PENDING);
    assertThat(pending.attempts()).isEqualTo(1);
    assertThat(pending.lastError()).contains("did not accept the report");
  }
}
