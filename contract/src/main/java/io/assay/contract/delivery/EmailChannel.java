package io.assay.contract.delivery;

import java.util.List;

/**
 * An SMTP server and recipients. The password, if any, comes from {@link ChannelSecrets} by channel
 * name.
 *
 * @param username SMTP login, or empty for an unauthenticated relay
 */
public record EmailChannel(
    String name,
    String host,
    int port,
    String from,
    List<String> to,
    boolean startTls,
    String username,
    int timeoutMillis)
    implements ChannelSpec {

  public EmailChannel {
    ChannelSpec.requireName(name);
    if (host == null || host.isBlank()) {
      throw new IllegalArgumentException("email channel " + name + " needs an SMTP host");
    }
    if (port <= 0 || port > 65535) {
      throw new IllegalArgumentException("email channel " + name + " has invalid port " + port);
    }
    if (from == null || !from.contains("@")) {
      throw new IllegalArgumentException("email channel " + name + " needs a sender address");
    }
    to = to == null ? List.of() : List.copyOf(to);
    if (to.isEmpty() || to.stream().anyMatch(a -> a == null || !a.contains("@"))) {
      throw new IllegalArgumentException("email channel " + name + " needs recipient addresses");
    }
    username = username == null ? "" : username;
    if (timeoutMillis == 0) {
      timeoutMillis = 30_000;
    }
    if (timeoutMillis < 100 || timeoutMillis > 300_000) {
      throw new IllegalArgumentException(
          "email channel " + name + " timeout must be 100..300000 ms, got " + timeoutMillis);
    }
  }

  @Override
  public String kind() {
    return "email";
  }
}
