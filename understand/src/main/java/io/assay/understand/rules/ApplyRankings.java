package io.assay.understand.rules;

import io.assay.contract.plan.Clarification;
import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.Measure;
import io.assay.pick.Order;
import io.assay.pick.Projection;
import io.assay.pick.RankBy;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Target;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The rankings read, applied to the answer's shape: a listing ranked by a measure becomes that
 * measure per listed row, ordered and cut; a listing ranked by columns is ordered and cut; any
 * other answer keeps the one row ranked N ("the client with the second-highest salary") as a ranked
 * filter.
 */
final class ApplyRankings implements Rule {

  @Override
  public void apply(Draft d) {
    if (d.rankings.isEmpty()) {
      if (d.listCount != null) {
        d.problem("which " + d.listCount + "? the question gives no order to pick them by");
      }
      return;
    }
    if (d.form == Form.LISTING && d.rankings.size() == 1 && d.rankings.get(0).measure() != null) {
      listByMeasure(d, d.rankings.get(0));
    } else if (d.form == Form.LISTING && severalRowsPerListedRow(d)) {
      Ranking r = d.rankings.get(0);
      String answer = d.answers.get(perRowId(r));
      if ("average".equals(answer) || "total".equals(answer)) {
        Aggregation fn = "total".equals(answer) ? Aggregation.SUM : Aggregation.AVG;
        Measure m =
            new Measure.Aggregate(fn, r.column(), List.of(), answer + "_" + r.column().column());
        listByMeasure(
            d, new Ranking(r.position(), null, m, r.direction(), r.rank(), r.top(), r.text()));
      } else if ("row".equals(answer)) {
        listByColumns(d);
      } else {
        askRowOrGroup(d, r);
      }
    } else if (d.form == Form.LISTING) {
      listByColumns(d);
    } else {
      for (Ranking r : d.rankings) {
        rankedFilter(d, r);
      }
    }
  }

  /** "top five districts by number of loans": a measure per listed row, ordered. */
  private static void listByMeasure(Draft d, Ranking r) {
    for (Projection p : d.select) {
      if (!(p instanceof Projection.Column c)) {
        d.problem("'" + r.text() + "': only plain columns can be ranked by a measure");
        return;
      }
      d.groupBy.add(c.column());
    }
    ColumnRef key = RankedRowsKey.of(d, r);
    if (key != null) {
      // "the gender of the client with the most transactions": one client is ranked, and its
      // gender shown; split by gender alone, the genders would be ranked instead
      d.groupBy.add(key);
    }
    d.select.clear();
    d.measure = r.measure();
    d.metricName = r.measure() instanceof Measure.Metric mm ? mm.metric() : null;
    d.form = Form.METRIC;
    d.rankedListOrder = new Order.ByMeasure(r.measure().alias(), r.direction());
    d.listingLimit = r.top() != null ? r.top() : d.listCount != null ? d.listCount : 1;
    d.listingOffset = r.top() == null && d.listCount == null && r.rank() > 1 ? r.rank() - 1 : null;
    d.note(
        "'"
            + r.text()
            + "' → "
            + Describe.measure(r.measure())
            + " per "
            + d.groupBy
            + ", "
            + r.direction().name().toLowerCase()
            + ", first "
            + d.listingLimit);
  }

  /** "the three oldest clients": the list ordered by the ranked columns and cut. */
  private static void listByColumns(Draft d) {
    if (d.rankings.size() == 2
        && d.rankings.stream().allMatch(r -> r.top() == null)
        && !orderOfRankings(d)) {
      return;
    }
    Integer limit = null;
    Integer offset = null;
    for (Ranking r : d.rankings) {
      if (r.column() == null) {
        d.problem("'" + r.text() + "': ranking listed rows by a measure is not supported");
        return;
      }
      if (r.top() != null) {
        limit = r.top();
      } else if (limit == null && d.listCount != null) {
        limit = d.listCount;
      } else if (limit == null) {
        limit = 1;
        offset = r.rank() > 1 ? r.rank() - 1 : null;
      }
      d.note(
          "'" + r.text() + "' → order by " + r.column() + " " + r.direction().name().toLowerCase());
    }
    d.listingOrder = new ArrayList<>();
    for (Ranking r : d.rankings) {
      d.listingOrder.add(new Order.ByColumn(r.column(), r.direction()));
    }
    d.listingLimit = limit;
    d.listingOffset = offset;
    d.note(
        "keep "
            + (offset == null ? "" : "row " + (offset + 1) + ", ")
            + "the first "
            + limit
            + " row"
            + (limit == 1 ? "" : "s"));
  }

  /** "the client with the second-highest salary": the entity's key equals the one ranked N. */
  private static void rankedFilter(Draft d, Ranking r) {
    if (r.top() != null) {
      d.problem(
          "'"
              + r.text()
              + "': a top-N inside a "
              + d.form.name().toLowerCase()
              + " question is not supported");
      return;
    }
    String entity = entityBefore(d, r.position());
    if (entity == null) {
      entity = r.column() != null ? r.column().table() : null;
    }
    if (entity == null) {
      d.problem("'" + r.text() + "': ranked among what?");
      return;
    }
    ColumnRef key = d.schema.primaryKey(entity);
    if (key == null) {
      return;
    }
    List<Filter> scope = new ArrayList<>();
    if (r.column() != null) {
      for (Filter f : List.copyOf(d.filters)) {
        if (r.column().equals(d.attachedTo.get(f))) {
          scope.add(f);
          d.filters.remove(f);
        }
      }
    }
    ColumnRef select = null;
    String rankedTable =
        r.column() != null ? r.column().table() : d.schema.measureTable(r.measure());
    if (!rankedTable.equals(entity)) {
      select = d.schema.foreignKey(rankedTable, entity);
      if (select == null && r.column() != null) {
        d.problem(
            "'" + r.text() + "': " + rankedTable + " does not refer to " + entity + " directly");
        return;
      }
      if (r.measure() != null) {
        select = key;
      }
    }
    RankBy by =
        r.column() != null ? new RankBy.ByColumn(r.column()) : new RankBy.ByMeasure(r.measure());
    Filter.Ranked f = new Filter.Ranked(key, select, by, r.direction(), r.rank(), scope);
    d.addFilter(f, r.position(), null);
    d.note(
        "'"
            + r.text()
            + "' → "
            + key
            + " = the "
            + entity
            + " ranked "
            + r.rank()
            + " by "
            + (r.column() != null ? r.column().toString() : Describe.measure(r.measure()))
            + " "
            + r.direction().name().toLowerCase()
            + (scope.isEmpty()
                ? ""
                : " among "
                    + scope.stream().map(Describe::filter).collect(Collectors.joining(" and "))));
  }

  /**
   * Whether the one ranking orders rows of which each listed row has several, so that ordering them
   * answers "the X of the one row ranked first" while the words may as well rank each X by its
   * rows' total or average: "which district has the highest loan amount" (many loans per district)
   * or "which region has the lowest average salary" (a region shared by many district rows, each
   * with a salary). Only a numeric ranked column can be totalled or averaged.
   */
  private static boolean severalRowsPerListedRow(Draft d) {
    if (d.rankings.size() != 1 || d.rankings.get(0).column() == null || d.select.isEmpty()) {
      return false;
    }
    ColumnRef ranked = d.rankings.get(0).column();
    if (!d.recon.column(ranked).map(c -> c.type().isNumeric()).orElse(false)
        || namesTheRows(d, d.rankings.get(0))) {
      return false;
    }
    Set<String> tables = new LinkedHashSet<>();
    for (Projection p : d.select) {
      if (!(p instanceof Projection.Column c)) {
        return false;
      }
      tables.add(c.column().table());
    }
    if (tables.size() != 1) {
      return false;
    }
    String listed = tables.iterator().next();
    long rows = d.recon.table(ranked.table()).map(t -> t.rowCount()).orElse(0L);
    if (!listed.equals(ranked.table())) {
      // the listed rows' path to the ranked rows fans out, and there are at least twice as many
      // ranked rows: each listed row has several ("an account's loan" is one loan in most data)
      long listedRows = d.recon.table(listed).map(t -> t.rowCount()).orElse(0L);
      return listedRows > 0 && rows >= 2 * listedRows && d.schema.fansOut(listed, ranked.table());
    }
    for (Projection p : d.select) {
      ColumnRef c = ((Projection.Column) p).column();
      if (!d.recon.values().columns().contains(c)) {
        return false;
      }
      int distinct = d.recon.values().values(c).size();
      if (distinct == 0 || distinct * 2L > rows) {
        return false; // a name or an identifier: one row per value, or nearly
      }
    }
    return true;
  }

  /**
   * "who made the largest transaction": the superlative is said of the rows themselves (a phrase
   * naming their table and no column), so one of them is meant.
   */
  private static boolean namesTheRows(Draft d, Ranking r) {
    for (Mention m : d.scan.mentions) {
      if (m.first() > r.position()) {
        return m.has(Target.Table.class) && !m.has(Target.Column.class);
      }
    }
    return false;
  }

  private static String perRowId(Ranking r) {
    return "rank-rows:" + r.text().toLowerCase() + ":" + r.column();
  }

  private static void askRowOrGroup(Draft d, Ranking r) {
    String listed =
        d.select.stream()
            .map(p -> ((Projection.Column) p).column().toString())
            .collect(Collectors.joining(", "));
    String rows = r.column().table();
    d.ask(
        new Clarification(
            perRowId(r),
            "ranking",
            "'"
                + r.text()
                + "': of one "
                + rows
                + " row, or the total or average over the "
                + rows
                + " rows of each "
                + listed
                + "?",
            List.of(
                new Clarification.Option(
                    "row", "the " + listed + " of the one " + rows + " row " + r.text()),
                new Clarification.Option(
                    "total",
                    "each " + listed + " ranked by the total " + r.column() + " of its rows"),
                new Clarification.Option(
                    "average",
                    "each " + listed + " ranked by the average " + r.column() + " of its rows"))));
  }

  /**
   * "oldest and with the lowest salary": two superlatives pick one row only in some order of
   * precedence, which the question does not give. Asks which comes first; true when answered.
   */
  private static boolean orderOfRankings(Draft d) {
    Ranking a = d.rankings.get(0);
    Ranking b = d.rankings.get(1);
    String id = "ranking:" + a.text().toLowerCase() + "|" + b.text().toLowerCase();
    String ab = a.column() + "," + b.column();
    String ba = b.column() + "," + a.column();
    String answer = d.answers.get(id);
    if (ab.equals(answer)) {
      return true;
    }
    if (ba.equals(answer) || answer == null && inAClauseOnTheRanked(d, a, b)) {
      // "the oldest client who opened an account in the highest-salary branch": the branch the
      // clause ranks is picked first, then the client among its rows
      d.rankings.set(0, b);
      d.rankings.set(1, a);
      return true;
    }
    d.ask(
        new Clarification(
            id,
            "ranking",
            "'"
                + a.text()
                + "' and '"
                + b.text()
                + "' may pick different rows: which decides first?",
            List.of(
                new Clarification.Option(ab, "'" + a.text() + "' first, then '" + b.text() + "'"),
                new Clarification.Option(
                    ba, "'" + b.text() + "' first, then '" + a.text() + "'"))));
    return false;
  }

  /**
   * Whether the later ranking sits in a relative clause said of the rows the earlier one ranks,
   * with no "and" or "or" between them, and ranks rows each of those belongs to (one district per
   * client): it then restricts them, and decides first.
   */
  private static boolean inAClauseOnTheRanked(Draft d, Ranking a, Ranking b) {
    if (a.column() == null
        || b.column() == null
        || a.column().table().equals(b.column().table())
        || d.schema.fansOut(a.column().table(), b.column().table())
        || d.recon.joins().path(a.column().table(), b.column().table()).isEmpty()) {
      return false;
    }
    boolean clause = false;
    for (int k = 0; k < d.items.size(); k++) {
      Item it = d.items.get(k);
      if (it.first() <= a.position() || it.first() >= b.position()) {
        continue;
      }
      clause |= it.what() instanceof Cue c && Groupings.isRelative(c);
    }
    for (int t = a.position() + 1; t < b.position(); t++) {
      String w = d.scan.tokens.get(t).norm();
      if (w.equals("and") || w.equals("or")) {
        return false;
      }
    }
    return clause;
  }

  /** "the branch where the second-highest …": the table named right before the ranking. */
  private static String entityBefore(Draft d, int position) {
    for (int k = d.items.size() - 1; k >= 0; k--) {
      Item it = d.items.get(k);
      if (it.first() >= position) {
        continue;
      }
      if (it.what() instanceof Cue c
          && (Groupings.isRelative(c) || c.kind() == Kind.ORDINAL || c.kind() == Kind.COPULA)) {
        continue;
      }
      if (it.what() instanceof Mention m) {
        if (m.has(Target.Table.class)) {
          return m.one(Target.Table.class).table();
        }
        if (d.schema.temporalColumn(m) != null) {
          continue; // "loan was approved first": the verb sits between entity and ordinal
        }
      }
      return null;
    }
    return null;
  }
}
