package io.assay.delivery;

import java.util.regex.Pattern;

/**
 * Hides credentials that URLs carry (user:password@, query values such as tokens and signatures,
 * and long token-like path segments such as a Slack hook's secret) wherever a URL is shown:
 * histories, events, pages and messages.
 */
public final class UrlRedaction {
  private static final Pattern USER_INFO =
      Pattern.compile("(?i)(\\b[a-z][a-z0-9+.-]*://)[^/\\s\"'@]+@");
  private static final Pattern QUERY_VALUE =
      Pattern.compile("(?i)(\\b[a-z][a-z0-9+.-]*://[^\\s\"'?]*\\?)([^\\s\"'#]*)");
  private static final Pattern SECRET_SEGMENT =
      Pattern.compile(
          "(?i)(\\b[a-z][a-z0-9+.-]*://[^\\s\"'/]+(?:/[^\\s\"'/?#]*)*?/)([A-Za-z0-9_-]{20,})");

  private UrlRedaction() {}

  public static String redact(String text) {
    if (text == null || !text.contains("://")) {
      return text;
    }
    String out = USER_INFO.matcher(text).replaceAll("$1***@");
    out = QUERY_VALUE.matcher(out).replaceAll(m -> m.group(1) + redactQuery(m.group(2)));
    String previous;
    do {
      previous = out;
      out = SECRET_SEGMENT.matcher(out).replaceAll("$1***");
    } while (!out.equals(previous));
    return out;
  }

  private static String redactQuery(String query) {
    return java.util.regex.Matcher.quoteReplacement(query.replaceAll("=([^&]*)", "=***"));
  }
}
