package io.assay.analyses.direct;

import io.assay.algorithms.summary.DataSummary;
import io.assay.analyses.Analysis;
import io.assay.analyses.AnalysisContext;
import io.assay.analyses.ArgSpec;
import io.assay.analyses.ArgType;
import io.assay.analyses.Args;
import io.assay.analyses.ArgsSchema;
import io.assay.analyses.OutputColumns;
import io.assay.analyses.PlannerEntry;
import io.assay.analyses.Rows;
import io.assay.analyses.StepQueries;
import io.assay.analyses.support.Cells;
import io.assay.analyses.support.Figures;
import io.assay.analyses.support.MetricDisplay;
import io.assay.analyses.support.ResultSummary;
import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.DataDescription;
import io.assay.contract.finding.Derivation;
import io.assay.contract.finding.DisplayFormat;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.contract.finding.TableData;
import io.assay.contract.plan.StepArgs;
import io.assay.pick.Pick;
import io.assay.recon.compose.ComposedQuery;
import io.assay.recon.compose.OutputColumn;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * {@code direct_answer}: a lookup or aggregation. The Pick is composed by recon's composer and run
 * read-only; the answer's numbers become figures citing the query result, a small result becomes a
 * table, and a big one is summarised (profiles and representative rows) instead of carried.
 */
public final class DirectAnswer implements Analysis {
  public static final String NAME = "direct_answer";

  /** Rows up to which the result is shown whole as a table. */
  static final int TABLE_ROWS = 50;

  /** Rows up to which each row's single number gets its own figure. */
  static final int FIGURE_ROWS = 10;

  /** Rows a big answer shows, largest first by its first measure. */
  static final int TOP_ROWS = 20;

  private static final ArgsSchema SCHEMA =
      ArgsSchema.typed(
          DirectPlanArgs.class,
          ArgSpec.required("pick", ArgType.PICK, "the Pick that answers the question"));

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Optional<PlannerEntry> planner() {
    return Optional.of(DirectPlanning.ENTRY);
  }

  @Override
  public String description() {
    return "Answers a lookup or aggregation question with one composed query (a Pick).";
  }

  @Override
  public ArgsSchema argsSchema() {
    return SCHEMA;
  }

  @Override
  public Finding run(StepArgs rawArgs, String question, AnalysisContext context) {
    Args args = SCHEMA.bind(NAME, rawArgs, context.catalog());
    Pick pick = args.pick("pick");
    StepQueries q = context.queries(NAME);
    Finding.Builder f = Finding.builder(q.stepId(), NAME);
    f.goal(
        question == null || question.isBlank()
            ? "Answer the question with one query."
            : "Answer: " + question.strip());
    StepQueries.QueryRun run = q.query("answer", pick);
    Rows rows = run.rows();
    f.keyPath(
        "one composed query → "
            + rows.size()
            + " row(s)"
            + (rows.truncated() ? " (cut at the row cap)" : ""));
    if (rows.size() == 0) {
      q.stored().forEach(f::artifact);
      return f.data(new DataDescription("no rows", 0, rows.columns()))
          .error("The query returned no rows.")
          .nextStep("Check the filter values against the data, or loosen the filters.")
          .build(FindingStatus.EMPTY);
    }
    List<Integer> numeric = new ArrayList<>();
    List<Integer> labels = new ArrayList<>();
    // Where the query has measures, a numeric column that is not one (an id it is grouped by)
    // names its rows: it is a label, not a value to total or rank by.
    boolean measured = run.sql().columns().stream().anyMatch(OutputColumns::measure);
    for (int c = 0; c < rows.columns().size(); c++) {
      boolean value = numericColumn(rows, c) && (!measured || isMeasure(run.sql(), rows, c));
      (value ? numeric : labels).add(c);
    }
    ArtifactRef ref = run.artifact();
    f.figure(
        Figures.of(
            "row_count",
            "Rows in the answer",
            "",
            DisplayFormat.grouped(0),
            Derivation.value("row count", rows.size(), ref, "/row_count")));
    if (rows.truncated()) {
      f.error("The result was cut at the executor's row cap; counts over it are lower bounds.");
    }
    DataSummary summary = describeData(f, q, rows, run.sql(), numeric);
    describeRows(f, rows, run.sql(), ref, numeric, labels);
    f.chart(q.chart(table(rows, run.sql(), numeric, labels, summary)));
    q.stored().forEach(f::artifact);
    return f.build(FindingStatus.OK);
  }

  /**
   * Says what data the answer holds: a small result whole, a big one by its summary (kept as a
   * computation), which it returns; null for a small one.
   */
  private static DataSummary describeData(
      Finding.Builder f, StepQueries q, Rows rows, ComposedQuery sql, List<Integer> numeric) {
    DataSummary summary = null;
    if (rows.size() > TABLE_ROWS) {
      summary = ResultSummary.of(rows, sql);
      q.computation("summary", summary);
      Integer measure = firstMeasure(rows, sql, numeric);
      // The summary's header speaks of its representative rows; when the table shows the top rows
      // by a measure instead, the data line must say that, not contradict the table above it.
      String described =
          measure == null
              ? summary.header()
              : String.format(
                  Locale.ROOT,
                  "Result of %,d rows x %d columns: the table shows the %d largest by %s; column"
                      + " statistics are computed over all rows, and every row is in the CSV.",
                  rows.size(),
                  rows.columns().size(),
                  Math.min(TOP_ROWS, rows.size()),
                  rows.columns().get(measure));
      f.data(new DataDescription(described, rows.size(), rows.columns()));
    } else {
      f.data(
          new DataDescription(
              rows.size() + " row(s) of " + String.join(", ", rows.columns()),
              rows.size(),
              rows.columns()));
    }
    return summary;
  }

  /**
   * The answer's statements: of one row, a statement per label and a figure per number; of several,
   * their count, and a figure per row when a few rows carry one number each.
   */
  private static void describeRows(
      Finding.Builder f,
      Rows rows,
      ComposedQuery sql,
      ArtifactRef ref,
      List<Integer> numeric,
      List<Integer> labels) {
    Set<String> ids = new HashSet<>(List.of("row_count"));
    if (rows.size() == 1) {
      List<Object> row = rows.rows().get(0);
      for (int c : labels) {
        if (row.get(c) != null) {
          f.statement(
              "{label:"
                  + safe(rows.columns().get(c))
                  + "}: {label:"
                  + safe(Cells.label(row.get(c)))
                  + "}.");
        }
      }
      for (int c : numeric) {
        Double v = Cells.number(row.get(c));
        if (v == null) {
          continue;
        }
        String id = numeric.size() == 1 ? "answer" : id(rows.columns().get(c), ids);
        ids.add(id);
        f.figure(
            Figures.of(
                id,
                rows.columns().get(c),
                unit(sql, rows.columns().get(c)),
                format(sql, rows, c),
                Derivation.value(rows.columns().get(c), v, ref, "/rows/0/" + c)));
        f.statement(
            numeric.size() == 1 && labels.isEmpty()
                ? "The answer is {fig:answer}."
                : "{label:" + safe(rows.columns().get(c)) + "}: {fig:" + id + "}.");
      }
    } else {
      f.statement("The answer has {fig:row_count} rows.");
      if (numeric.size() == 1 && !labels.isEmpty() && rows.size() <= FIGURE_ROWS) {
        int c = numeric.get(0);
        for (int i = 0; i < rows.size(); i++) {
          Double v = Cells.number(rows.rows().get(i).get(c));
          if (v == null) {
            continue;
          }
          List<String> names = new ArrayList<>();
          for (int l : labels) {
            names.add(Cells.label(rows.rows().get(i).get(l)));
          }
          String id = "value_" + (i + 1);
          f.figure(
              Figures.of(
                  id,
                  String.join(" / ", names) + ": " + rows.columns().get(c),
                  unit(sql, rows.columns().get(c)),
                  format(sql, rows, c),
                  Derivation.value(rows.columns().get(c), v, ref, "/rows/" + i + "/" + c)));
          f.statement("{label:" + safe(String.join(" / ", names)) + "}: {fig:" + id + "}.");
        }
      }
    }
  }

  private static TableData table(
      Rows rows,
      ComposedQuery sql,
      List<Integer> numeric,
      List<Integer> labels,
      DataSummary summary) {
    List<TableData.ValueColumn> valueColumns = new ArrayList<>();
    for (int c : numeric) {
      valueColumns.add(
          new TableData.ValueColumn(
              rows.columns().get(c), unit(sql, rows.columns().get(c)), format(sql, rows, c)));
    }
    List<String> labelColumns = labels.stream().map(c -> rows.columns().get(c)).toList();
    List<List<Object>> shown = shownRows(rows, sql, numeric, summary);
    List<TableData.Row> out = new ArrayList<>();
    for (List<Object> r : shown) {
      List<String> ls = new ArrayList<>();
      for (int c : labels) {
        ls.add(r.get(c) == null ? Cells.NULL_LABEL : Cells.label(r.get(c)));
      }
      List<Double> vs = new ArrayList<>();
      for (int c : numeric) {
        vs.add(Cells.number(r.get(c)));
      }
      out.add(new TableData.Row(ls, vs));
    }
    return new TableData(
        "answer",
        title(rows, sql, numeric, summary, shown.size()),
        labelColumns,
        valueColumns,
        out,
        null);
  }

  /**
   * All rows of a small answer. Of a big one, the rows with the largest first measure, because a
   * reader scanning an aggregate looks for its top; a listing without a measure shows the summary's
   * representative rows. Either way the title says how many rows there are, and the query result
   * (every row) downloads as CSV.
   */
  private static List<List<Object>> shownRows(
      Rows rows, ComposedQuery sql, List<Integer> numeric, DataSummary summary) {
    if (summary == null) {
      return rows.rows();
    }
    Integer measure = firstMeasure(rows, sql, numeric);
    if (measure == null) {
      return summary.rows();
    }
    Comparator<List<Object>> largestFirst =
        Comparator.comparing(
            (List<Object> r) -> Cells.number(r.get(measure)),
            Comparator.nullsLast(Comparator.reverseOrder()));
    return rows.rows().stream().sorted(largestFirst).limit(TOP_ROWS).toList();
  }

  /** The first numeric output the composer made as a measure (not a plain column), or null. */
  private static Integer firstMeasure(Rows rows, ComposedQuery sql, List<Integer> numeric) {
    return numeric.stream().filter(c -> isMeasure(sql, rows, c)).findFirst().orElse(null);
  }

  private static boolean isMeasure(ComposedQuery sql, Rows rows, int c) {
    OutputColumn o = OutputColumns.named(sql, rows.columns().get(c));
    return OutputColumns.measure(o);
  }

  private static String title(
      Rows rows, ComposedQuery sql, List<Integer> numeric, DataSummary summary, int shown) {
    if (summary == null) {
      return "Answer";
    }
    String total = String.format(Locale.ROOT, "%,d", rows.size());
    Integer measure = firstMeasure(rows, sql, numeric);
    return measure == null
        ? shown
            + " representative rows of the "
            + total
            + " in the answer (every row is in the CSV)"
        : "The "
            + shown
            + " largest of the "
            + total
            + " rows by "
            + rows.columns().get(measure)
            + " (every row is in the CSV)";
  }

  private static boolean numericColumn(Rows rows, int c) {
    boolean any = false;
    for (List<Object> r : rows.rows()) {
      Object v = r.get(c);
      if (v == null) {
        continue;
      }
      if (!(v instanceof Number)) {
        return false;
      }
      any = true;
    }
    return any;
  }

  private static String unit(ComposedQuery sql, String column) {
    OutputColumn o = OutputColumns.named(sql, column);
    return o == null || o.unit() == null ? "" : o.unit();
  }

  private static DisplayFormat format(ComposedQuery sql, Rows rows, int c) {
    OutputColumn o = OutputColumns.named(sql, rows.columns().get(c));
    boolean integral = true;
    for (List<Object> r : rows.rows()) {
      Double v = Cells.number(r.get(c));
      if (v != null && v != Math.rint(v)) {
        integral = false;
        break;
      }
    }
    if (OutputColumns.measure(o)) {
      if (o.format() != null) {
        DisplayFormat f = MetricDisplay.format(o.format());
        // A format for whole numbers would hide the fraction of a non-integral value.
        return !integral && f.decimals() == 0 ? new DisplayFormat(f.style(), 2) : f;
      }
      return DisplayFormat.grouped(integral ? 0 : 2);
    }
    // Ids, years and codes are written without grouping.
    return DisplayFormat.number(integral ? 0 : 2);
  }

  private static String id(String column, Set<String> taken) {
    String base =
        column.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_").replaceAll("^_+|_+$", "");
    if (base.isEmpty() || !Character.isLetter(base.charAt(0))) {
      base = "c_" + base;
    }
    base = base.length() > 56 ? base.substring(0, 56) : base;
    String id = base;
    for (int i = 2; taken.contains(id); i++) {
      id = base + "_" + i;
    }
    return id;
  }

  /** Label text may not hold braces (they delimit placeholders). */
  private static String safe(String s) {
    return s.replace('{', '(').replace('}', ')');
  }
}
