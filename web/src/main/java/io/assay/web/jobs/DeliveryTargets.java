package io.assay.web.jobs;

import io.assay.contract.delivery.ChannelSpec;
import io.assay.contract.delivery.DirectoryChannel;
import io.assay.contract.delivery.EmailChannel;
import io.assay.contract.delivery.WebhookChannel;
import io.assay.contract.delivery.WebhookFormat;
import io.assay.delivery.DeliveryPolicy;
import io.assay.delivery.UrlRedaction;
import io.assay.web.config.AssayProperties;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * Turns the delivery targets a person typed ({@code file:/dir}, {@code webhook:URL}, {@code
 * slack:URL}, {@code dingtalk:URL}, {@code email:address}) into channel specs, each with a name
 * unique within the job (its receipt's key). Bad targets are refused with a reason.
 */
@Component
public class DeliveryTargets {
  private final AssayProperties.Delivery settings;
  private final DeliveryPolicy policy;

  public DeliveryTargets(AssayProperties props, DeliveryPolicy policy) {
    this.settings = props.delivery();
    this.policy = policy;
  }

  /**
   * What is wrong with each target, all at once (for a form that shows every error): "Target n
   * (...): reason", empty when every target is fine.
   */
  public List<String> problems(List<String> targets) {
    List<String> problems = new ArrayList<>();
    for (int i = 0; i < targets.size(); i++) {
      try {
        parse(List.of(targets.get(i)));
      } catch (IllegalArgumentException e) {
        problems.add(
            "Target "
                + (i + 1)
                + " ("
                + UrlRedaction.redact(targets.get(i))
                + "): "
                + UrlRedaction.redact(e.getMessage()));
      }
    }
    return problems;
  }

  public List<ChannelSpec> parse(List<String> targets) {
    List<ChannelSpec> specs = new ArrayList<>();
    Map<String, Integer> seen = new HashMap<>();
    for (String target : targets) {
      if (target.chars().anyMatch(Character::isISOControl)) {
        throw new IllegalArgumentException("a delivery target may not contain control characters");
      }
      int colon = target.indexOf(':');
      if (colon <= 0 || colon == target.length() - 1) {
        throw new IllegalArgumentException(
            "delivery target '" + UrlRedaction.redact(target) + "' must look like kind:address");
      }
      String kind = target.substring(0, colon);
      String address = target.substring(colon + 1).strip();
      int n = seen.merge(kind, 1, Integer::sum);
      String name = n == 1 ? kind : kind + "-" + n;
      specs.add(spec(kind, name, address));
    }
    return specs;
  }

  private ChannelSpec spec(String kind, String name, String address) {
    return switch (kind) {
      case "file" -> {
        policy.files().resolve(address);
        yield new DirectoryChannel(name, address);
      }
      case "webhook" -> reachable(new WebhookChannel(name, address, WebhookFormat.PLAIN_JSON, 0));
      case "slack" -> reachable(new WebhookChannel(name, address, WebhookFormat.SLACK, 0));
      case "dingtalk" -> reachable(new WebhookChannel(name, address, WebhookFormat.DINGTALK, 0));
      case "email" -> {
        AssayProperties.Delivery.Smtp smtp = settings.smtp();
        if (smtp.host() == null || smtp.host().isBlank()) {
          throw new IllegalArgumentException(
              "email delivery is not set up on this server (assay.delivery.smtp.host)");
        }
        yield new EmailChannel(
            name,
            smtp.host(),
            smtp.port(),
            smtp.from(),
            List.of(address),
            smtp.startTls(),
            smtp.username(),
            0);
      }
      default ->
          throw new IllegalArgumentException(
              "unknown delivery kind '" + kind + "'; use file, webhook, slack, dingtalk or email");
    };
  }

  /** The egress check at submission; the worker repeats it before every send. */
  private WebhookChannel reachable(WebhookChannel channel) {
    try {
      policy.egress().check(URI.create(channel.url()));
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException(
          "delivery target "
              + channel.name()
              + ": host "
              + URI.create(channel.url()).getHost()
              + " does not resolve");
    }
    return channel;
  }
}
