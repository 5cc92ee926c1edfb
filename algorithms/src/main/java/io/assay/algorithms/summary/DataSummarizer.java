package io.assay.algorithms.summary;

import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * Summarises a query result so it can stand in for the rows in a prompt or a workflow payload:
 * column profiles over everything, then at most {@code budget} representative rows chosen in this
 * order:
 *
 * <ol>
 *   <li>the whole table when it fits the budget;
 *   <li>for each metric column, a row holding its minimum and one holding its maximum;
 *   <li>for each column missing in more than 5% of rows, one row where it is missing;
 *   <li>rows of rare categories (at most 5% of rows) of the ordinary dimensions, rarest first,
 *       skipping categories an already chosen row shows; identifier-like columns are excluded;
 *   <li>seeded random rows to fill the budget.
 * </ol>
 *
 * One pass per column plus a sort per numeric column: about a second for a million rows of ten
 * columns.
 */
public final class DataSummarizer {
  private static final double[] QUANTILES = {0.05, 0.25, 0.5, 0.75, 0.95};
  private static final String[] QUANTILE_NAMES = {"p05", "p25", "p50", "p75", "p95"};

  /** A dimension with more distinct values than this share of its rows behaves as a key. */
  private static final double IDENTIFIER_SHARE = 0.5;

  private DataSummarizer() {}

  public static DataSummary summarise(ColumnarTable table) {
    return summarise(table, SummaryOptions.defaults());
  }

  public static DataSummary summarise(ColumnarTable table, SummaryOptions options) {
    int rows = table.rowCount();
    int cols = table.columns().size();
    List<ColumnProfile> profiles = new ArrayList<>(cols);
    Extremes[] extremes = new Extremes[cols];
    Categories[] categories = new Categories[cols];
    for (int c = 0; c < cols; c++) {
      ColumnSpec spec = table.columns().get(c);
      if (table.isNumeric(c)) {
        extremes[c] = new Extremes();
        profiles.add(numberProfile(table, c, spec, extremes[c]));
      } else {
        categories[c] = Categories.count(table, c);
        profiles.add(categoryProfile(table, c, spec, categories[c], options));
      }
    }

    Selection selection = new Selection(table, categories, profiles, options.budget());
    boolean complete = rows <= options.budget();
    if (complete) {
      for (int r = 0; r < rows; r++) {
        selection.add(r, "all rows");
      }
    } else {
      chooseExtremes(table, extremes, selection);
      chooseMissing(table, profiles, selection);
      chooseRare(table, categories, profiles, selection);
      fillRandomly(rows, options.seed(), selection);
    }
    DataSummary.Fidelity fidelity = fidelity(table, extremes, categories, profiles, selection);
    return new DataSummary(
        header(rows, cols, selection.size(), complete),
        rows,
        cols,
        complete,
        profiles,
        table.columns().stream().map(ColumnSpec::name).toList(),
        selection.rows(),
        selection.reasons(),
        fidelity,
        options.budget(),
        options.seed());
  }

  private static String header(int rows, int cols, int shown, boolean complete) {
    DecimalFormat thousands =
        new DecimalFormat("#,##0", DecimalFormatSymbols.getInstance(Locale.ROOT));
    if (complete) {
      return "Complete result: "
          + thousands.format(rows)
          + " rows x "
          + cols
          + " columns, all rows shown.";
    }
    return "Summary of a result of "
        + thousands.format(rows)
        + " rows x "
        + cols
        + " columns. NOT the full data: "
        + shown
        + " representative rows (extremes, missing values, rare categories, seeded random"
        + " fill) plus column statistics computed over all rows.";
  }

  // ---- profiles ----

  private static final class Extremes {
    int minRow = -1;
    int maxRow = -1;
    double min;
    double max;
  }

  private static ColumnProfile numberProfile(
      ColumnarTable table, int c, ColumnSpec spec, Extremes ext) {
    double[] values = table.numberColumn(c);
    int rows = values.length;
    double[] finite = new double[rows];
    int n = 0;
    double sum = 0;
    for (int r = 0; r < rows; r++) {
      double v = values[r];
      if (Double.isFinite(v)) {
        finite[n++] = v;
        sum += v;
        if (ext.minRow < 0 || v < ext.min) {
          ext.min = v;
          ext.minRow = r;
        }
        if (ext.maxRow < 0 || v > ext.max) {
          ext.max = v;
          ext.maxRow = r;
        }
      }
    }
    long missing = rows - n;
    if (n == 0) {
      return new ColumnProfile(
          spec.name(),
          spec.type(),
          spec.role(),
          0,
          missing,
          rate(missing, rows),
          0,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null);
    }
    double mean = sum / n;
    double squares = 0;
    for (int i = 0; i < n; i++) {
      double d = finite[i] - mean;
      squares += d * d;
    }
    Double std = n > 1 ? Math.sqrt(squares / (n - 1)) : null;
    Arrays.sort(finite, 0, n);
    long distinct = 1;
    for (int i = 1; i < n; i++) {
      if (finite[i] != finite[i - 1]) {
        distinct++;
      }
    }
    Map<String, Double> quantiles = new LinkedHashMap<>();
    for (int q = 0; q < QUANTILES.length; q++) {
      double pos = QUANTILES[q] * (n - 1);
      int lo = (int) Math.floor(pos);
      int hi = Math.min(lo + 1, n - 1);
      quantiles.put(QUANTILE_NAMES[q], finite[lo] + (finite[hi] - finite[lo]) * (pos - lo));
    }
    if (!Double.isFinite(mean)) {
      mean = Double.NaN; // sums beyond double range; reported as absent below
    }
    return new ColumnProfile(
        spec.name(),
        spec.type(),
        spec.role(),
        n,
        missing,
        rate(missing, rows),
        distinct,
        null,
        ext.min,
        ext.max,
        Double.isNaN(mean) ? null : mean,
        std == null || !Double.isFinite(std) ? null : std,
        quantiles,
        null,
        null,
        null);
  }

  /** Counts per dictionary code, with the first row of each code. */
  private static final class Categories {
    final long[] counts;
    final int[] firstRow;
    long missing;

    Categories(int cardinality) {
      counts = new long[cardinality];
      firstRow = new int[cardinality];
      Arrays.fill(firstRow, -1);
    }

    static Categories count(ColumnarTable table, int c) {
      Categories k = new Categories(table.cardinality(c));
      int[] codes = table.codeColumn(c);
      for (int r = 0; r < codes.length; r++) {
        int code = codes[r];
        if (code < 0) {
          k.missing++;
        } else {
          if (k.counts[code]++ == 0) {
            k.firstRow[code] = r;
          }
        }
      }
      return k;
    }

    int distinct() {
      int d = 0;
      for (long n : counts) {
        d += n > 0 ? 1 : 0;
      }
      return d;
    }
  }

  private static ColumnProfile categoryProfile(
      ColumnarTable table, int c, ColumnSpec spec, Categories k, SummaryOptions options) {
    int rows = table.rowCount();
    long count = rows - k.missing;
    int distinct = k.distinct();
    boolean identifierLike =
        spec.role() == ColumnRole.IDENTIFIER
            || (spec.role() == ColumnRole.DIMENSION
                && distinct > 20
                && distinct > IDENTIFIER_SHARE * count);
    Integer[] order = new Integer[k.counts.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    List<ColumnProfile.ValueCount> top = new ArrayList<>();
    if (options.topValues() > 0 && count > 0) {
      // Partial selection of the most frequent codes; ties go to the code seen first.
      java.util.PriorityQueue<Integer> heap =
          new java.util.PriorityQueue<>(
              (a, b) ->
                  k.counts[a] != k.counts[b]
                      ? Long.compare(k.counts[a], k.counts[b])
                      : Integer.compare(b, a));
      for (int code = 0; code < k.counts.length; code++) {
        if (k.counts[code] == 0) {
          continue;
        }
        heap.add(code);
        if (heap.size() > options.topValues()) {
          heap.poll();
        }
      }
      List<Integer> best = new ArrayList<>(heap);
      best.sort(
          (a, b) ->
              k.counts[a] != k.counts[b]
                  ? Long.compare(k.counts[b], k.counts[a])
                  : Integer.compare(a, b));
      for (int code : best) {
        top.add(
            new ColumnProfile.ValueCount(
                table.cell(c, k.firstRow[code]), k.counts[code], (double) k.counts[code] / rows));
      }
    }
    String minText = null;
    String maxText = null;
    if (spec.type() == ColumnType.TEMPORAL && count > 0) {
      for (int code = 0; code < k.counts.length; code++) {
        if (k.counts[code] > 0) {
          String s = table.label(c, code);
          minText = minText == null || s.compareTo(minText) < 0 ? s : minText;
          maxText = maxText == null || s.compareTo(maxText) > 0 ? s : maxText;
        }
      }
    }
    return new ColumnProfile(
        spec.name(),
        spec.type(),
        spec.role(),
        count,
        k.missing,
        rate(k.missing, rows),
        distinct,
        identifierLike,
        null,
        null,
        null,
        null,
        null,
        minText,
        maxText,
        top);
  }

  private static double rate(long part, long whole) {
    return whole == 0 ? 0.0 : (double) part / whole;
  }

  /** Dimensions whose rare categories are sampled: ordinary, not identifier-like. */
  private static boolean ordinary(ColumnProfile p) {
    return (p.role() == ColumnRole.DIMENSION) && !Boolean.TRUE.equals(p.identifierLike());
  }

  // ---- representative rows ----

  private static final class Selection {
    final ColumnarTable table;
    final Categories[] categories;
    final boolean[][] covered;
    final int budget;
    final TreeMap<Integer, String> chosen = new TreeMap<>();

    Selection(
        ColumnarTable table, Categories[] categories, List<ColumnProfile> profiles, int budget) {
      this.table = table;
      this.categories = categories;
      this.budget = budget;
      this.covered = new boolean[categories.length][];
      for (int c = 0; c < categories.length; c++) {
        if (categories[c] != null && ordinary(profiles.get(c))) {
          covered[c] = new boolean[categories[c].counts.length];
        }
      }
    }

    boolean full() {
      return chosen.size() >= budget;
    }

    int size() {
      return chosen.size();
    }

    boolean has(int row) {
      return chosen.containsKey(row);
    }

    /** Adds the row (or appends the reason if it is already in); false when the budget is spent. */
    boolean add(int row, String reason) {
      String prior = chosen.get(row);
      if (prior != null) {
        chosen.put(row, prior + "; " + reason);
        return true;
      }
      if (full()) {
        return false;
      }
      chosen.put(row, reason);
      for (int c = 0; c < covered.length; c++) {
        if (covered[c] != null) {
          int code = table.code(c, row);
          if (code >= 0) {
            covered[c][code] = true;
          }
        }
      }
      return true;
    }

    List<List<Object>> rows() {
      List<List<Object>> out = new ArrayList<>(chosen.size());
      for (int row : chosen.keySet()) {
        List<Object> values = new ArrayList<>(table.columns().size());
        for (int c = 0; c < table.columns().size(); c++) {
          values.add(table.cell(c, row));
        }
        out.add(values);
      }
      return out;
    }

    List<String> reasons() {
      return new ArrayList<>(chosen.values());
    }
  }

  private static void chooseExtremes(ColumnarTable table, Extremes[] extremes, Selection sel) {
    for (int c = 0; c < extremes.length; c++) {
      if (extremes[c] == null || table.columns().get(c).role() != ColumnRole.METRIC) {
        continue;
      }
      String name = table.columns().get(c).name();
      if (extremes[c].minRow >= 0) {
        sel.add(extremes[c].minRow, "min of " + name);
        sel.add(extremes[c].maxRow, "max of " + name);
      }
    }
  }

  private static void chooseMissing(
      ColumnarTable table, List<ColumnProfile> profiles, Selection sel) {
    for (int c = 0; c < profiles.size() && !sel.full(); c++) {
      if (profiles.get(c).missingRate() <= SummaryOptions.MISSING_SHARE) {
        continue;
      }
      boolean shown = false;
      for (int row : sel.chosen.keySet()) {
        if (table.isMissing(c, row)) {
          shown = true;
          break;
        }
      }
      if (shown) {
        continue;
      }
      for (int r = 0; r < table.rowCount(); r++) {
        if (table.isMissing(c, r)) {
          sel.add(r, "missing " + profiles.get(c).name());
          break;
        }
      }
    }
  }

  private record Rare(int column, int code, long count) {}

  private static List<Rare> rareCategories(
      ColumnarTable table, Categories[] categories, List<ColumnProfile> profiles) {
    List<Rare> rare = new ArrayList<>();
    double limit = SummaryOptions.RARE_SHARE * table.rowCount();
    for (int c = 0; c < categories.length; c++) {
      if (categories[c] == null || !ordinary(profiles.get(c))) {
        continue;
      }
      long[] counts = categories[c].counts;
      for (int code = 0; code < counts.length; code++) {
        if (counts[code] > 0 && counts[code] <= limit) {
          rare.add(new Rare(c, code, counts[code]));
        }
      }
    }
    return rare;
  }

  private static void chooseRare(
      ColumnarTable table, Categories[] categories, List<ColumnProfile> profiles, Selection sel) {
    List<Rare> rare = rareCategories(table, categories, profiles);
    rare.sort(
        (a, b) ->
            a.count() != b.count()
                ? Long.compare(a.count(), b.count())
                : a.column() != b.column()
                    ? Integer.compare(a.column(), b.column())
                    : Integer.compare(a.code(), b.code()));
    for (Rare r : rare) {
      if (sel.full()) {
        return;
      }
      if (sel.covered[r.column()][r.code()]) {
        continue;
      }
      sel.add(
          categories[r.column()].firstRow[r.code()],
          "rare "
              + profiles.get(r.column()).name()
              + "="
              + table.label(r.column(), r.code())
              + " ("
              + r.count()
              + " rows)");
    }
  }

  private static void fillRandomly(int rows, long seed, Selection sel) {
    Random random = new Random(seed);
    int attempts = 0;
    while (!sel.full() && attempts < 20 * sel.budget) {
      int r = random.nextInt(rows);
      if (!sel.has(r)) {
        sel.add(r, "random");
      }
      attempts++;
    }
    for (int r = 0; r < rows && !sel.full(); r++) {
      if (!sel.has(r)) {
        sel.add(r, "random");
      }
    }
  }

  private static DataSummary.Fidelity fidelity(
      ColumnarTable table,
      Extremes[] extremes,
      Categories[] categories,
      List<ColumnProfile> profiles,
      Selection sel) {
    int wanted = 0;
    int kept = 0;
    for (int c = 0; c < extremes.length; c++) {
      if (extremes[c] == null
          || extremes[c].minRow < 0
          || table.columns().get(c).role() != ColumnRole.METRIC) {
        continue;
      }
      wanted += 2;
      boolean min = false;
      boolean max = false;
      for (int row : sel.chosen.keySet()) {
        double v = table.number(c, row);
        min |= v == extremes[c].min;
        max |= v == extremes[c].max;
      }
      kept += (min ? 1 : 0) + (max ? 1 : 0);
    }
    double extremesRetained = wanted == 0 ? 1.0 : (double) kept / wanted;
    List<Rare> rare = rareCategories(table, categories, profiles);
    int recalled = 0;
    for (Rare r : rare) {
      if (sel.covered[r.column()][r.code()]) {
        recalled++;
      }
    }
    double recall = rare.isEmpty() ? 1.0 : (double) recalled / rare.size();
    double score = 0.6 * extremesRetained + 0.4 * recall;
    return new DataSummary.Fidelity(
        score, score >= DataSummary.Fidelity.PASS, extremesRetained, recall);
  }
}
