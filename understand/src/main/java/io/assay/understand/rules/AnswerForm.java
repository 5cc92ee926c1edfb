package io.assay.understand.rules;

import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Scan;
import io.assay.understand.Target;
import io.assay.understand.Words;
import java.util.EnumSet;
import java.util.Set;

/**
 * The shape of the answer, from the strongest cue: a growth, a percentage, a count, a listing, an
 * aggregate, or a metric (also what every analysis runs over).
 */
final class AnswerForm implements Rule {

  @Override
  public void apply(Draft d) {
    d.form = decide(d);
  }

  private static Form decide(Draft d) {
    if (d.difference != null) {
      return Form.DIFFERENCE;
    }
    if (!d.analyses.isEmpty()) {
      // An analysis runs over a named metric; "which districts stand out" names its entities.
      return Form.METRIC;
    }
    if (d.firstCue(Kind.GROWTH) != null) {
      return Form.GROWTH;
    } else if (d.firstCue(Kind.PERCENT) != null) {
      return Form.PERCENT;
    } else if (d.firstCue(Kind.COUNT) != null) {
      return Form.COUNT;
    } else if (d.firstCue(Kind.RATIO) != null) {
      // "the ratio of owners to disponents": rows of two kinds counted, unless a metric is named
      return d.scan.mentions.stream()
              .anyMatch(
                  m ->
                      !d.isUsed(m)
                          && !m.has(Target.Table.class)
                          && m.has(Target.Metric.class)
                          && m.all(Target.Metric.class).stream()
                              .noneMatch(t -> d.schema.isCount(t.name())))
          ? Form.METRIC
          : Form.COUNT;
    } else if (d.scan.mentions.stream().anyMatch(m -> countPhrase(d, m))) {
      // "how many clients", "the number of rentals" as one phrase of the dataset asks for a
      // count, even after "tell me" or "what is"
      return Form.METRIC;
    } else if (listingStart(d) >= 0 && namesAnAmount(d, d.at(listingStart(d)))) {
      // "what was the revenue in May": an amount its table's noun also names is the answer
      return Form.METRIC;
    } else if (listingStart(d) >= 0
        && d.firstCue(Kind.AVG) == null
        && d.firstCue(Kind.SUM) == null) {
      return Form.LISTING;
    } else if (d.firstCue(Kind.AVG) != null || d.firstCue(Kind.SUM) != null) {
      return Form.AGGREGATE;
    }
    return Form.METRIC;
  }

  /**
   * A phrase of the dataset that counts by itself ("how many clients", "number of rentals"), unless
   * it ends a compound noun ("the id number of a client" is an identifier).
   */
  private static boolean countPhrase(Draft d, Mention m) {
    return m.has(Target.Metric.class)
        && !d.isUsed(m)
        && d.schema.saysCount(m)
        && (d.scan.tokens.get(m.first()).norm().equals("how")
            || !(d.at(d.indexOf(m) - 1) instanceof Mention before)
            || grainRead(d, before));
  }

  /** "monthly number of loans": the phrase before was read as the grain ("monthly"). */
  private static boolean grainRead(Draft d, Mention before) {
    return d.grain != null
        && d.isUsed(before)
        && before.first() == before.last()
        && Grains.grainWord(d.scan.tokens.get(before.first()).norm());
  }

  /** The index of the first attribute after a LIST cue, or -1 when nothing is listed. */
  static int listingStart(Draft d) {
    for (int i = 0; i < d.items.size(); i++) {
      if (d.at(i) instanceof Cue c && c.kind() == Kind.LIST) {
        int k = i + 1;
        while (k < d.items.size()
            && (d.at(k) instanceof Cue n
                    && (n.kind() == Kind.COPULA
                        || n.kind() == Kind.LIST
                        || n.kind() == Kind.DISTINCT
                        || d.isUsed(n) && (n.kind() == Kind.MAX || n.kind() == Kind.MIN))
                || rankingAdjective(d, k)
                || valueBeforeNoun(d, k)
                || d.at(k) instanceof Scan.Number
                    && (d.at(k + 1) instanceof Mention nm && namesRowsOrGroups(nm)
                        || rankingAdjective(d, k + 1)))) {
          k++;
        }
        if (d.at(k) instanceof Mention m
            && selectable(m)
            // "list the 5 latest transactions in 1998": the time read the ranked noun as its
            // context, and the noun is still listed
            && (!d.isUsed(m) || rankingAdjective(d, k - 1) && d.schema.namesOnlyATable(m))) {
          return k;
        }
      }
    }
    // "Top nine districts by crimes": a ranked entity is a list even without "list".
    if (d.rankedEntity != null) {
      return d.indexOf(d.rankedEntity);
    }
    return bareNounPhrase(d);
  }

  /**
   * What a number before a noun may count: a table's rows ("3 districts") or the groups of a column
   * ("3 regions").
   */
  private static boolean namesRowsOrGroups(Mention m) {
    return m.has(Target.Table.class)
        || m.has(Target.Column.class)
            && m.targets().stream().allMatch(t -> t instanceof Target.Column);
  }

  /**
   * "customers from Canada", "clients born before 1950 who have a loan": a question that is only a
   * noun phrase naming rows, with conditions after it and no word that groups, ranks or aggregates,
   * asks for those rows.
   */
  private static int bareNounPhrase(Draft d) {
    // "the three most recent loans", "the latest gold card": how many, and adjectives already read
    int k = 0;
    boolean counted = false;
    while (rankingAdjective(d, k)
        || valueBeforeNoun(d, k)
        || !counted && d.at(k) instanceof Scan.Number n && n.countsRows()) {
      counted |= d.at(k) instanceof Scan.Number;
      k++;
    }
    if (!(d.at(k) instanceof Mention m)
        || !m.has(Target.Table.class)
        || d.isUsed(m) && !d.schema.namesOnlyATable(m)
        || d.scan.cues.stream()
            .anyMatch(
                c ->
                    !BESIDE_A_LIST.contains(c.kind())
                        // "loans with a duration of 60 months": a unit word, not a grain
                        && !d.explainedWords.contains(c.first())
                        && !rankingCue(d, c)
                        && !extremeAfterANumber(d, d.indexOf(c))
                        && !rankingAfter(m, c))) {
      return -1;
    }
    int before = d.item(0).first();
    for (int t = 0; t < before; t++) {
      if (!BEFORE_NOUN.contains(d.scan.tokens.get(t).norm())) {
        return -1;
      }
    }
    return k;
  }

  /**
   * A word of recency or a measured superlative read as a ranking ("the latest", "the longest"): an
   * adjective of the rows listed.
   */
  private static boolean rankingCue(Draft d, Cue c) {
    return d.isUsed(c)
        && (c.kind() == Kind.RECENT
            || Words.MEASURED_SUPERLATIVES.contains(c.text().toLowerCase(java.util.Locale.ROOT)));
  }

  /**
   * "the 5 cities with the most customers": a ranking word after the noun ranks the rows named;
   * before it ("the biggest loan") it is read as the extreme of a value, elsewhere.
   */
  private static boolean rankingAfter(Mention noun, Cue c) {
    return (c.kind() == Kind.MAX || c.kind() == Kind.MIN) && c.first() > noun.last();
  }

  /** Words that may stand before the noun of a bare noun phrase. */
  private static final Set<String> BEFORE_NOUN = Set.of("the", "all", "any");

  /** Cues that may stand in a bare noun phrase's conditions: none groups, ranks or aggregates. */
  private static final Set<Kind> BESIDE_A_LIST =
      EnumSet.of(Kind.RELATIVE, Kind.COPULA, Kind.NEGATE, Kind.COMPARE);

  /**
   * "the 2 oldest clients": a ranking adjective already read as a ranking sits between the list
   * word (or the number of rows) and what is listed.
   */
  static boolean rankingAdjective(Draft d, int k) {
    return d.at(k) instanceof Mention m
            && d.isUsed(m)
            && m.has(Target.Superlative.class)
            && m.targets().size() == 1
        || d.at(k) instanceof Cue c && (rankingCue(d, c) || extremeAfterANumber(d, k));
  }

  /**
   * "the 10 biggest loans": a superlative read as a ranking, after a number of rows and before
   * their noun, ranks the rows listed; without the number it may be one row's value.
   */
  private static boolean extremeAfterANumber(Draft d, int k) {
    return d.at(k) instanceof Cue c
        && (c.kind() == Kind.MAX || c.kind() == Kind.MIN)
        && d.isUsed(c)
        && d.at(k - 1) instanceof Scan.Number
        && d.at(k + 1) instanceof Mention m
        && m.has(Target.Table.class);
  }

  /**
   * "which female clients", "list the gold cards": a stored value already read as a filter stands
   * right before the noun listed, as its adjective.
   */
  static boolean valueBeforeNoun(Draft d, int k) {
    return d.at(k) instanceof Mention v
        && d.isUsed(v)
        && readAsValue(d, v)
        && d.at(k + 1) instanceof Mention noun
        && noun.first() == v.last() + 1
        && selectable(noun);
  }

  /**
   * A phrase that names only values, or a value and its column ("active"), read as the value: its
   * column is filtered on.
   */
  private static boolean readAsValue(Draft d, Mention v) {
    if (v.targets().stream().allMatch(t -> t instanceof Target.Value)) {
      return true;
    }
    return v.all(Target.Value.class).stream()
        .anyMatch(t -> d.filters.stream().anyMatch(f -> t.column().equals(f.column())));
  }

  /** A phrase naming an amount over rows as well as the rows' table ("revenue", "sales"). */
  private static boolean namesAnAmount(Draft d, Object item) {
    return item instanceof Mention m
        && m.has(Target.Table.class)
        && !m.has(Target.Column.class)
        && m.all(Target.Metric.class).stream().anyMatch(x -> !d.schema.isCount(x.name()));
  }

  /** Whether a phrase names something a list can show. */
  static boolean selectable(Mention m) {
    return m.has(Target.Table.class)
        || m.has(Target.Column.class)
        || m.has(Target.Identifier.class)
        || m.has(Target.YearsSince.class);
  }
}
