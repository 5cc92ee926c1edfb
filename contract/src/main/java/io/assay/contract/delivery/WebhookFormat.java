package io.assay.contract.delivery;

/** The JSON a webhook receives. */
public enum WebhookFormat {
  /** Assay's own JSON: checksums, title, per-question answers, Markdown and HTML. */
  PLAIN_JSON,
  /** A Slack incoming-webhook message (text fallback plus Block Kit blocks). */
  SLACK,
  /** A DingTalk custom-robot markdown message. */
  DINGTALK
}
