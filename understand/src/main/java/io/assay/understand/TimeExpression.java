package io.assay.understand;

import java.util.Objects;

/**
 * A time expression found in a question, with where it sits ({@code start}–{@code end}, character
 * offsets into the question) and how it relates its periods to the data:
 *
 * <ul>
 *   <li>{@code WITHIN}: "in 1997", "January 1996", "on 1976/1/29", "last quarter";
 *   <li>{@code BETWEEN}: "between 1/1/1995 and 12/31/1997", "from 1995 to 1996" — {@code first} and
 *       {@code second} are both kept, so a growth question can compare the two;
 *   <li>{@code BEFORE} / {@code AFTER}: strictly before the first day / after the last day;
 *   <li>{@code SINCE} / {@code UNTIL}: from the first day on / up to the last day.
 * </ul>
 */
public record TimeExpression(
    int start, int end, Relation relation, Period first, Period second, String text) {

  public enum Relation {
    WITHIN,
    BETWEEN,
    BEFORE,
    AFTER,
    SINCE,
    UNTIL
  }

  public TimeExpression {
    Objects.requireNonNull(relation, "relation");
    Objects.requireNonNull(first, "first");
    if ((relation == Relation.BETWEEN) != (second != null)) {
      throw new IllegalArgumentException("only a BETWEEN expression has a second period");
    }
    if (second != null && second.to().isBefore(first.from())) {
      throw new IllegalArgumentException(
          "'" + text + "' ends (" + second + ") before it starts (" + first + ")");
    }
  }

  /** Every day the expression covers, as one period (BETWEEN spans both ends). */
  public Period span() {
    return second == null ? first : first.through(second);
  }

  public boolean overlaps(int from, int to) {
    return from < end && to > start;
  }
}
