package io.assay.delivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.assay.contract.delivery.DirectoryChannel;
import io.assay.contract.delivery.Receipt;
import io.assay.contract.delivery.WebhookChannel;
import io.assay.contract.delivery.WebhookFormat;
import io.assay.contract.report.ReportRef;
import io.temporal.failure.ApplicationFailure;
import java.net.InetAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What delivery may touch: the egress policy, the file base directory, redaction. */
class DeliveryPolicyTest {

  @TempDir Path temp;

  @Test
  void aListenerOnLoopbackIsNotReachedByDefaultAndIsReachedOnceAllowed() throws Exception {
    ReportRef report = FrozenJobs.frozen();
    try (WebhookReceiver receiver = new WebhookReceiver(200, "secret internal page")) {
      WebhookChannel channel =
          new WebhookChannel("ops", receiver.url(), WebhookFormat.PLAIN_JSON, 0);
      DeliveryActivitiesImpl closed =
          activities(new DeliveryPolicy(new FileTargets(temp), EgressPolicy.publicOnly()));

      assertThatThrownBy(() -> closed.deliver(report.jobId(), channel, report))
          .isInstanceOfSatisfying(
              ApplicationFailure.class,
              f -> {
                assertThat(f.getType()).isEqualTo(DeliveryActivitiesImpl.REJECTED);
                assertThat(f.isNonRetryable()).isTrue();
                assertThat(f.getOriginalMessage()).contains("internal address");
              });
      assertThat(receiver.requests.get()).isZero();

      DeliveryActivitiesImpl allowed =
          activities(
              new DeliveryPolicy(
                  new FileTargets(temp), EgressPolicy.allowing(List.of("127.0.0.1/32"))));
      Receipt receipt = allowed.deliver(report.jobId(), channel, report);
      assertThat(receipt.confirmed()).isTrue();
      assertThat(receiver.requests.get()).isEqualTo(1);
      // What the endpoint answered is not part of the receipt analysts see.
      assertThat(receipt.detail()).isEqualTo("HTTP 200").doesNotContain("secret");
    }
  }

  @Test
  void internalAddressesInEveryFormAreRefusedAndPublicOnesPass() throws Exception {
    EgressPolicy policy = EgressPolicy.publicOnly();
    for (String host :
        List.of(
            "127.0.0.1",
            "127.8.9.10",
            "0.0.0.0",
            "10.0.0.1",
            "172.16.5.4",
            "192.168.0.1",
            "169.254.169.254",
            "100.64.0.1",
            "224.0.0.1",
            "[::1]",
            "[::]",
            "[fe80::1]",
            "[fd12:3456::1]",
            "[ff02::1]",
            "[::ffff:10.0.0.1]",
            "[64:ff9b::a9fe:a9fe]",
            "[2002:7f00:1::1]")) {
      assertThatThrownBy(() -> policy.check(URI.create("http://" + host + "/x")))
          .as(host)
          .isInstanceOf(EgressDeniedException.class);
    }
    assertThat(policy.check(URI.create("https://8.8.8.8/x"))).hasSize(1);
    assertThat(policy.check(URI.create("https://[2001:4860:4860::8888]/x"))).hasSize(1);
    EgressPolicy lab = EgressPolicy.allowing(List.of("10.20.0.0/16", "::1"));
    assertThat(lab.check(URI.create("http://10.20.3.4/x"))).hasSize(1);
    assertThat(lab.check(URI.create("http://[::1]/x"))).hasSize(1);
    assertThatThrownBy(() -> lab.check(URI.create("http://10.21.0.1/x")))
        .isInstanceOf(EgressDeniedException.class);
    assertThatThrownBy(() -> EgressPolicy.allowing(List.of("intranet.example")))
        .hasMessageContaining("not an IP address");
    assertThat(EgressPolicy.internal(InetAddress.getByName("93.184.216.34"))).isFalse();
  }

  @Test
  void fileTargetsResolveInsideTheBaseOnly() throws Exception {
    Path base = Files.createDirectories(temp.resolve("base"));
    FileTargets targets = new FileTargets(base);
    assertThat(targets.resolve("reports")).isEqualTo(base.resolve("reports"));
    assertThat(targets.resolve(base.resolve("team/q1").toString()))
        .isEqualTo(base.resolve("team/q1"));
    for (String outside :
        List.of("/etc", "../x", base + "/../other", base + "/a/../../b", "/", temp.toString())) {
      assertThatThrownBy(() -> targets.resolve(outside))
          .as(outside)
          .isInstanceOf(IllegalArgumentException.class);
    }
    // A link inside the base that leads out of it is refused too.
    Path elsewhere = Files.createDirectories(temp.resolve("elsewhere"));
    Files.createSymbolicLink(base.resolve("link"), elsewhere);
    assertThatThrownBy(() -> targets.resolve("link/reports"))
        .hasMessageContaining("outside the delivery directory");
  }

  @Test
  void theWorkerRefusesAFileTargetOutsideTheBaseAndWritesNothing() throws Exception {
    ReportRef report = FrozenJobs.frozen();
    Path base = Files.createDirectories(temp.resolve("base"));
    Path outside = Files.createDirectories(temp.resolve("outside"));
    DeliveryActivitiesImpl activities =
        activities(new DeliveryPolicy(new FileTargets(base), EgressPolicy.publicOnly()));

    assertThatThrownBy(
            () ->
                activities.deliver(
                    report.jobId(), new DirectoryChannel("f", base + "/../outside"), report))
        .isInstanceOfSatisfying(
            ApplicationFailure.class, f -> assertThat(f.isNonRetryable()).isTrue());
    try (var files = Files.list(outside)) {
      assertThat(files).isEmpty();
    }
    assertThat(
            activities
                .deliver(report.jobId(), new DirectoryChannel("g", "team"), report)
                .confirmed())
        .isTrue();
    assertThat(base.resolve("team")).isDirectory();
  }

  @Test
  void credentialsInUrlsAreRedacted() {
    assertThat(UrlRedaction.redact("posting to https://bob:hunter2@hooks.example.com/x failed"))
        .isEqualTo("posting to https://***@hooks.example.com/x failed");
    assertThat(UrlRedaction.redact("https://oapi.dingtalk.com/robot/send?access_token=abc123&x=1"))
        .isEqualTo("https://oapi.dingtalk.com/robot/send?access_token=***&x=***");
    assertThat(
            UrlRedaction.redact(
                "{\"url\":\"https://hooks.slack.com/services/T0000/B0000/XXXXXXXXXXXXXXXXXXXXXXXX\"}"))
        .isEqualTo("{\"url\":\"https://hooks.slack.com/services/T0000/B0000/***\"}");
    assertThat(UrlRedaction.redact("no url here")).isEqualTo("no url here");
  }

  private static DeliveryActivitiesImpl activities(DeliveryPolicy policy) {
    return new DeliveryActivitiesImpl(
        DeliveryService.create(
            FrozenJobs.RECEIPTS, FrozenJobs.REPORTS, ChannelSecrets.NONE, FrozenJobs.CLOCK, policy),
        FrozenJobs.RECEIPTS);
  }
}
