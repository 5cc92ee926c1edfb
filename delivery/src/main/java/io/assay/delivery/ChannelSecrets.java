package io.assay.delivery;

import java.util.Map;
import java.util.Optional;

/** Secrets for channels by channel name, kept on the worker and out of workflow history. */
@FunctionalInterface
public interface ChannelSecrets {
  ChannelSecrets NONE = name -> Optional.empty();

  Optional<String> secret(String channelName);

  static ChannelSecrets of(Map<String, String> secrets) {
    Map<String, String> copy = Map.copyOf(secrets);
    return name -> Optional.ofNullable(copy.get(name));
  }
}
