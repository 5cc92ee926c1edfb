package io.assay.contract.delivery;

import java.net.URI;
import java.net.URISyntaxException;

/**
 * An HTTP(S) endpoint receiving a JSON POST with an {@code Idempotency-Key} header.
 *
 * @param timeoutMillis how long to wait for the receiver's confirmation, 100..120000
 */
public record WebhookChannel(String name, String url, WebhookFormat format, int timeoutMillis)
    implements ChannelSpec {
  public static final int DEFAULT_TIMEOUT_MILLIS = 10_000;

  public WebhookChannel {
    ChannelSpec.requireName(name);
    if (format == null) {
      throw new IllegalArgumentException("webhook channel " + name + " needs a format");
    }
    try {
      URI uri = new URI(url);
      if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))
          || uri.getHost() == null) {
        throw new IllegalArgumentException(
            "webhook channel " + name + " needs an absolute http(s) URL, got " + url);
      }
    } catch (URISyntaxException | NullPointerException e) {
      throw new IllegalArgumentException(
          "webhook channel " + name + " has a malformed URL: " + url);
    }
    if (timeoutMillis == 0) {
      timeoutMillis = DEFAULT_TIMEOUT_MILLIS;
    }
    if (timeoutMillis < 100 || timeoutMillis > 120_000) {
      throw new IllegalArgumentException(
          "webhook channel " + name + " timeout must be 100..120000 ms, got " + timeoutMillis);
    }
  }

  @Override
  public String kind() {
    return "webhook";
  }
}
