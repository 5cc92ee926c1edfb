package io.assay.recon.compose;

/** Reading composed SQL as text, for the few checks made on the rendered statement. */
public final class SqlText {
  private SqlText() {}

  /**
   * The SQL with the inside of every quoted literal or identifier blanked to spaces (same length,
   * the quote marks kept), so a scan for placeholders, parentheses or keywords sees only the
   * statement's own text. A doubled quote inside a literal closes and reopens it, which blanks the
   * same characters.
   */
  public static String blankQuoted(String sql) {
    char[] out = sql.toCharArray();
    char quote = 0;
    for (int i = 0; i < out.length; i++) {
      char c = out[i];
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else {
          out[i] = ' ';
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
      }
    }
    return new String(out);
  }
}
