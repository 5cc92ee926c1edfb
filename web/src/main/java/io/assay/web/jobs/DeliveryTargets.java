package io.assay.web.jobs;

import io.assay.contract.delivery.ChannelSpec;
import io.assay.contract.delivery.DirectoryChannel;
import io.assay.contract.delivery.EmailChannel;
import io.assay.contract.delivery.WebhookChannel;
import io.assay.contract.delivery.WebhookFormat;
import io.assay.web.config.AssayProperties;
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

  public DeliveryTargets(AssayProperties props) {
    this.settings = props.delivery();
  }

  public List<ChannelSpec> parse(List<String> targets) {
    List<ChannelSpec> specs = new ArrayList<>();
    Map<String, Integer> seen = new HashMap<>();
    for (String target : targets) {
      int colon = target.indexOf(':');
      if (colon <= 0 || colon == target.length() - 1) {
        throw new IllegalArgumentException(
            "delivery target '" + target + "' must look like kind:address");
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
      case "file" -> new DirectoryChannel(name, address);
      case "webhook" -> new WebhookChannel(name, address, WebhookFormat.PLAIN_JSON, 0);
      case "slack" -> new WebhookChannel(name, address, WebhookFormat.SLACK, 0);
      case "dingtalk" -> new WebhookChannel(name, address, WebhookFormat.DINGTALK, 0);
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
}
