package io.assay.understand;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A column name that ends in a year ("unemployment rate 1995", "crimes in 1996"): statistical
 * tables keep one column per year of the same figure, and people name the figure and the year apart
 * ("the unemployment rate above 4% in 1996").
 *
 * @param phrase the name without its year ("unemployment rate")
 * @param year the year it ends in
 */
public record YearNamed(String phrase, int year) {

  private static final Pattern ENDS_IN_A_YEAR =
      Pattern.compile("^(.*?\\S)\\s+(?:in\\s+|of\\s+|for\\s+)?((?:19|20)\\d\\d)$");

  /** The name split from the year it ends in, when it ends in one. */
  public static Optional<YearNamed> of(String name) {
    Matcher m = ENDS_IN_A_YEAR.matcher(name.strip().toLowerCase(Locale.ROOT));
    return m.matches()
        ? Optional.of(new YearNamed(m.group(1), Integer.parseInt(m.group(2))))
        : Optional.empty();
  }
}
