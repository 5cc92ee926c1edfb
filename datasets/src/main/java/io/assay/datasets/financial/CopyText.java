package io.assay.datasets.financial;

/** PostgreSQL COPY text format: tab-separated, {@code \N} for NULL, backslash escapes. */
public final class CopyText {

  public static final String NULL = "\\N";

  private CopyText() {}

  public static String escape(String value) {
    if (value == null) {
      return NULL;
    }
    StringBuilder out = null;
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      String replacement =
          switch (c) {
            case '\\' -> "\\\\";
            case '\t' -> "\\t";
            case '\n' -> "\\n";
            case '\r' -> "\\r";
            default -> null;
          };
      if (replacement != null && out == null) {
        out = new StringBuilder(value.length() + 8).append(value, 0, i);
      }
      if (out != null) {
        if (replacement != null) {
          out.append(replacement);
        } else {
          out.append(c);
        }
      }
    }
    return out == null ? value : out.toString();
  }
}
