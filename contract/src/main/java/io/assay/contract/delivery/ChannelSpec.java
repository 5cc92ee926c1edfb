package io.assay.contract.delivery;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.regex.Pattern;

/**
 * A delivery channel a job asked for. {@link #name()} identifies it within the job: a job gets
 * exactly one delivery per channel name, recorded as one receipt. Secrets (SMTP password, DingTalk
 * signing secret) are not part of the spec, which travels through workflow history; the worker
 * looks them up by channel name (delivery's {@code ChannelSecrets}).
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
  @JsonSubTypes.Type(value = WebhookChannel.class, name = "webhook"),
  @JsonSubTypes.Type(value = DirectoryChannel.class, name = "file"),
  @JsonSubTypes.Type(value = EmailChannel.class, name = "email")
})
public sealed interface ChannelSpec permits WebhookChannel, DirectoryChannel, EmailChannel {
  Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

  String name();

  /** webhook, file or email: the receipt's channel kind. */
  String kind();

  static String requireName(String name) {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new IllegalArgumentException(
          "channel name must be 1-64 letters, digits, '.', '_' or '-', got " + name);
    }
    return name;
  }
}
