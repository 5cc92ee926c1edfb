package io.assay.delivery;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.assay.contract.delivery.WebhookFormat;
import io.assay.store.CanonicalJson;

/** The JSON body of each webhook format, written from the delivery content. */
final class WebhookMessages {
  /** Slack rejects section text over 3000 characters and messages over 50 blocks. */
  static final int SLACK_SECTION_LIMIT = 3000;

  static final int SLACK_MAX_SECTIONS = 45;

  /** DingTalk robots reject long messages; keep well under their limit. */
  static final int DINGTALK_TEXT_LIMIT = 4000;

  private WebhookMessages() {}

  static String body(WebhookFormat format, DeliveryContent c) {
    return switch (format) {
      case PLAIN_JSON -> plain(c);
      case SLACK -> slack(c);
      case DINGTALK -> dingTalk(c);
    };
  }

  static String plain(DeliveryContent c) {
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    root.put("type", "assay.report");
    root.put("jobId", c.jobId());
    root.put("title", c.title());
    root.put("bodySha256", c.bodySha256());
    root.put("htmlSha256", c.htmlSha256());
    root.put("markdownSha256", c.markdownSha256());
    ArrayNode answers = root.putArray("answers");
    for (DeliveryContent.Answer a : c.answers()) {
      answers.addObject().put("question", a.question()).put("answer", a.answer());
    }
    root.put("markdown", c.markdown());
    root.put("html", c.html());
    return CanonicalJson.write(root);
  }

  static String slack(DeliveryContent c) {
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    root.put("text", c.title() + " — " + c.answers().size() + " question(s) answered");
    ArrayNode blocks = root.putArray("blocks");
    ObjectNode header = blocks.addObject().put("type", "header");
    header.putObject("text").put("type", "plain_text").put("text", truncate(c.title(), 150));
    int shown = 0;
    for (DeliveryContent.Answer a : c.answers()) {
      if (shown++ == SLACK_MAX_SECTIONS) {
        break;
      }
      String text = "*" + slackEscape(a.question()) + "*\n" + slackEscape(a.answer());
      ObjectNode section = blocks.addObject().put("type", "section");
      section
          .putObject("text")
          .put("type", "mrkdwn")
          .put("text", truncate(text, SLACK_SECTION_LIMIT));
    }
    ObjectNode context = blocks.addObject().put("type", "context");
    context
        .putArray("elements")
        .addObject()
        .put("type", "mrkdwn")
        .put(
            "text",
            "Assay job `" + slackEscape(c.jobId()) + "` · body sha256 `" + c.bodySha256() + "`");
    return CanonicalJson.write(root);
  }

  static String dingTalk(DeliveryContent c) {
    StringBuilder text = new StringBuilder("### ").append(c.title()).append("\n\n");
    for (DeliveryContent.Answer a : c.answers()) {
      text.append("**").append(a.question()).append("**\n\n").append(a.answer()).append("\n\n");
    }
    text.append("> job ").append(c.jobId()).append(" · body sha256 ").append(c.bodySha256());
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    root.put("msgtype", "markdown");
    root.putObject("markdown")
        .put("title", truncate(c.title(), 64))
        .put("text", truncate(text.toString(), DINGTALK_TEXT_LIMIT));
    return CanonicalJson.write(root);
  }

  /** Slack's three control characters in mrkdwn. */
  static String slackEscape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }

  private static String truncate(String text, int max) {
    return text.length() <= max ? text : text.substring(0, max - 1) + "…";
  }
}
