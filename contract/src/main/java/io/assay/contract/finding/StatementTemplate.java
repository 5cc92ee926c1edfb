package io.assay.contract.finding;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A sentence an analysis wants in the report, with every number taken from its figures: {@code
 * "Withdrawals in {date:1997-03} were {fig:actual} against a baseline of {fig:baseline}."}.
 *
 * <p>Placeholders: {@code {fig:id}} a figure of the same Finding, written as its number followed by
 * its unit (so do not repeat the unit after it), {@code {date:ISO}} a year, month, day or instant,
 * {@code {label:text}} a name taken from the data (a district, an account id) that is shown
 * verbatim. The literal text between placeholders may not contain digits or braces: presentation
 * cannot create numbers, so a number written straight into prose is an error here, where the
 * analysis author can fix it, rather than a failed report later.
 */
public final class StatementTemplate {
  private static final Pattern PLACEHOLDER = Pattern.compile("\\{(fig|date|label):([^{}]+)}");

  /** A piece of a parsed statement. */
  public sealed interface Part permits Literal, FigurePart, DatePart, LabelPart {}

  public record Literal(String text) implements Part {}

  public record FigurePart(String figureId) implements Part {}

  public record DatePart(String iso) implements Part {}

  public record LabelPart(String text) implements Part {}

  private StatementTemplate() {}

  /** Parses and validates a statement; the message says what is wrong and where. */
  public static List<Part> parse(String statement) {
    if (statement == null || statement.isBlank()) {
      throw new IllegalArgumentException("statement is empty");
    }
    List<Part> parts = new ArrayList<>();
    Matcher m = PLACEHOLDER.matcher(statement);
    int at = 0;
    while (m.find()) {
      literal(statement, statement.substring(at, m.start()), parts);
      String value = m.group(2);
      switch (m.group(1)) {
        case "fig" -> {
          if (!Figure.ID.matcher(value).matches()) {
            throw new IllegalArgumentException(
                "statement \"" + statement + "\": {fig:" + value + "} is not a figure id");
          }
          parts.add(new FigurePart(value));
        }
        case "date" -> parts.add(new DatePart(IsoPeriod.require(value, "{date:…} in a statement")));
        default -> parts.add(new LabelPart(value));
      }
      at = m.end();
    }
    literal(statement, statement.substring(at), parts);
    return List.copyOf(parts);
  }

  private static void literal(String statement, String text, List<Part> parts) {
    if (text.isEmpty()) {
      return;
    }
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isDigit(c)) {
        throw new IllegalArgumentException(
            "statement \""
                + statement
                + "\" writes a number into its text (\""
                + text.strip()
                + "\"); put the number in a figure and write {fig:id}, or a date as {date:…}");
      }
      if (c == '{' || c == '}') {
        throw new IllegalArgumentException(
            "statement \""
                + statement
                + "\" has an unknown placeholder near \""
                + text.strip()
                + "\"; use {fig:id}, {date:ISO} or {label:text}");
      }
    }
    parts.add(new Literal(text));
  }
}
