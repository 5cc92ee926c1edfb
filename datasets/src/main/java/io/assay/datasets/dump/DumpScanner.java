package io.assay.datasets.dump;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Splits the text of a plain-format SQL dump into statements. Semicolons end a statement only
 * outside quotes, dollar-quoted bodies and comments; a {@code COPY … FROM stdin} statement takes
 * the rows up to the {@code \.} line as its data. Comments between statements are dropped.
 */
final class DumpScanner {

  private static final Pattern COPY_FROM_STDIN =
      Pattern.compile("(?is)^COPY\\s.+\\sFROM\\s+stdin$");

  private final String text;
  private final String file;
  private int pos;
  private int lineOffset;
  private int line = 1;

  private DumpScanner(String text, String file) {
    this.text = text;
    this.file = file;
  }

  /**
   * @throws DumpFormatException an unterminated quote, comment or COPY block, naming file and line
   */
  static List<DumpStatement> scan(String text, String file) {
    return new DumpScanner(text, file).statements();
  }

  private List<DumpStatement> statements() {
    List<DumpStatement> out = new ArrayList<>();
    while (true) {
      skipSpaceAndComments();
      if (pos >= text.length()) {
        return out;
      }
      int start = pos;
      String sql = statement().strip();
      String origin = file + ":" + lineOf(start);
      if (COPY_FROM_STDIN.matcher(sql).matches()) {
        out.add(new DumpStatement.Copy(sql, copyData(origin), origin));
      } else if (!sql.isEmpty()) {
        out.add(new DumpStatement.Sql(sql, origin));
      }
    }
  }

  /** Reads up to the next top-level semicolon (consumed, not returned) or the end of text. */
  private String statement() {
    int start = pos;
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (c == ';') {
        pos++;
        return text.substring(start, pos - 1);
      } else if (c == '\'') {
        boolean escapes = pos > 0 && (text.charAt(pos - 1) == 'E' || text.charAt(pos - 1) == 'e');
        skipQuoted('\'', escapes);
      } else if (c == '"') {
        skipQuoted('"', false);
      } else if (c == '-' && text.startsWith("--", pos)) {
        skipLineComment();
      } else if (c == '/' && text.startsWith("/*", pos)) {
        skipBlockComment();
      } else if (c == '$' && dollarTagAt(pos) != null) {
        skipDollarQuoted(dollarTagAt(pos));
      } else {
        pos++;
      }
    }
    return text.substring(start);
  }

  /** The rows after a COPY header: from the next line up to the line holding only {@code \.}. */
  private String copyData(String origin) {
    int lineEnd = text.indexOf('\n', pos);
    if (lineEnd < 0) {
      throw new DumpFormatException(origin + ": COPY without data (no \\. line)");
    }
    int dataStart = lineEnd + 1;
    int end =
        text.startsWith("\\.\n", dataStart) || text.startsWith("\\.\r\n", dataStart)
            ? dataStart
            : endMarker(dataStart);
    if (end < 0) {
      throw new DumpFormatException(origin + ": COPY data is not terminated by a \\. line");
    }
    String data = text.substring(dataStart, end);
    int after = text.indexOf('\n', end);
    pos = after < 0 ? text.length() : after + 1;
    return data;
  }

  private int endMarker(int from) {
    int i = text.indexOf("\n\\.", from - 1);
    while (i >= 0) {
      int next = i + 3;
      if (next >= text.length() || text.charAt(next) == '\n' || text.charAt(next) == '\r') {
        return i + 1;
      }
      i = text.indexOf("\n\\.", next);
    }
    return -1;
  }

  private void skipSpaceAndComments() {
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (Character.isWhitespace(c)) {
        pos++;
      } else if (text.startsWith("--", pos)) {
        skipLineComment();
      } else if (text.startsWith("/*", pos)) {
        skipBlockComment();
      } else {
        return;
      }
    }
  }

  private void skipLineComment() {
    int nl = text.indexOf('\n', pos);
    pos = nl < 0 ? text.length() : nl + 1;
  }

  private void skipBlockComment() {
    int start = pos;
    int depth = 0;
    while (pos < text.length()) {
      if (text.startsWith("/*", pos)) {
        depth++;
        pos += 2;
      } else if (text.startsWith("*/", pos)) {
        depth--;
        pos += 2;
        if (depth == 0) {
          return;
        }
      } else {
        pos++;
      }
    }
    throw new DumpFormatException(file + ":" + lineOf(start) + ": unterminated /* comment");
  }

  private void skipQuoted(char quote, boolean backslashEscapes) {
    int start = pos;
    pos++;
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (backslashEscapes && c == '\\') {
        pos += 2;
      } else if (c == quote) {
        if (pos + 1 < text.length() && text.charAt(pos + 1) == quote) {
          pos += 2;
        } else {
          pos++;
          return;
        }
      } else {
        pos++;
      }
    }
    throw new DumpFormatException(
        file + ":" + lineOf(start) + ": unterminated " + quote + " quote");
  }

  /** "$tag$" starting at {@code i}, or null when the dollar sign starts no dollar quote. */
  private String dollarTagAt(int i) {
    if (i > 0) {
      char before = text.charAt(i - 1);
      if (Character.isLetterOrDigit(before) || before == '_' || before == '$') {
        return null; // part of an identifier such as a$b
      }
    }
    int j = i + 1;
    while (j < text.length()) {
      char c = text.charAt(j);
      if (c == '$') {
        return text.substring(i, j + 1);
      }
      boolean ok = Character.isLetter(c) || c == '_' || (j > i + 1 && Character.isDigit(c));
      if (!ok) {
        return null; // $1 is a parameter, not a quote
      }
      j++;
    }
    return null;
  }

  private void skipDollarQuoted(String tag) {
    int start = pos;
    int end = text.indexOf(tag, pos + tag.length());
    if (end < 0) {
      throw new DumpFormatException(file + ":" + lineOf(start) + ": unterminated " + tag + " body");
    }
    pos = end + tag.length();
  }

  /** 1-based line of {@code offset}; counts forward from the last answer (offsets only grow). */
  private int lineOf(int offset) {
    if (offset < lineOffset) {
      lineOffset = 0;
      line = 1;
    }
    for (int i = lineOffset; i < offset && i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        line++;
      }
    }
    lineOffset = Math.max(lineOffset, Math.min(offset, text.length()));
    return line;
  }
}
