package io.assay.web.recon;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.pick.PickJson;
import io.assay.recon.CodeList;
import io.assay.recon.ReconDescription;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The schema knowledge graph as the recon browser shows it, optionally narrowed to what matches a
 * search: tables (with matching columns), metrics, code lists and indexed value columns.
 *
 * @param filters each metric's filters in words ("Type = 'VYDAJ'"), by metric name
 */
public record ReconPage(
    ReconDescription description,
    String query,
    List<ReconDescription.Table> tables,
    List<ReconDescription.Metric> metrics,
    List<CodeList> codes,
    List<ReconDescription.IndexedColumn> valueIndex,
    Map<String, String> filters) {

  private static final ObjectMapper PICK_JSON = PickJson.mapper();

  /**
   * An analysis as the browser documents it: its own name for people, the id a plan's JSON uses,
   * what it answers and its arguments.
   */
  public record AnalysisDoc(String title, String name, String description, List<ArgDoc> args) {}

  public record ArgDoc(
      String name, String type, boolean required, String description, String def) {}

  static List<AnalysisDoc> analyses(io.assay.analyses.AnalysisRegistry registry, String query) {
    String q = query == null ? "" : query.strip().toLowerCase(Locale.ROOT);
    return registry.all().stream()
        .filter(a -> q.isEmpty() || contains(q, a.name(), a.title(), a.description()))
        .map(
            a ->
                new AnalysisDoc(
                    a.title(),
                    a.name(),
                    a.description(),
                    a.argsSchema().args().stream()
                        .map(
                            s ->
                                new ArgDoc(
                                    s.name(),
                                    s.type().name().toLowerCase(Locale.ROOT).replace('_', ' '),
                                    s.required(),
                                    s.description(),
                                    s.defaultValue() == null
                                        ? ""
                                        : String.valueOf(s.defaultValue())))
                        .toList()))
        .toList();
  }

  static ReconPage of(ReconDescription d, String query) {
    return of(d, query, io.assay.report.words.Labels.NONE);
  }

  static ReconPage of(ReconDescription d, String query, io.assay.report.words.Labels labels) {
    String q = query == null ? "" : query.strip().toLowerCase(Locale.ROOT);
    List<ReconDescription.Table> tables =
        d.tables().stream().filter(t -> q.isEmpty() || matches(t, q)).toList();
    List<ReconDescription.Metric> metrics =
        d.metrics().stream()
            .filter(
                m ->
                    q.isEmpty()
                        || contains(q, m.name(), m.description(), m.table(), m.column())
                        || m.synonyms().stream().anyMatch(s -> contains(q, s)))
            .toList();
    List<CodeList> codes =
        d.codes().stream()
            .filter(
                c ->
                    q.isEmpty()
                        || contains(q, c.column().toString())
                        || c.values().stream()
                            .anyMatch(
                                v ->
                                    contains(q, v.value(), v.meaning())
                                        || v.words().stream().anyMatch(w -> contains(q, w))))
            .toList();
    List<ReconDescription.IndexedColumn> index =
        d.valueIndex().stream()
            .filter(
                c ->
                    q.isEmpty()
                        || contains(q, c.column())
                        || c.values().stream().anyMatch(v -> contains(q, v)))
            .toList();
    Map<String, String> filters =
        d.metrics().stream()
            .collect(
                Collectors.toMap(
                    ReconDescription.Metric::name, m -> filtersWords(m, labels), (a, b) -> a));
    return new ReconPage(
        d, query == null ? "" : query.strip(), tables, metrics, codes, index, filters);
  }

  private static boolean matches(ReconDescription.Table t, String q) {
    if (contains(q, t.name(), t.description())
        || t.synonyms().stream().anyMatch(s -> contains(q, s))) {
      return true;
    }
    return t.columns().stream()
        .anyMatch(
            c ->
                contains(q, c.name(), c.description(), t.name() + "." + c.name())
                    || c.synonyms().stream().anyMatch(s -> contains(q, s)));
  }

  private static boolean contains(String q, String... texts) {
    for (String text : texts) {
      if (text != null && text.toLowerCase(Locale.ROOT).contains(q)) {
        return true;
      }
    }
    return false;
  }

  /** A metric's filters as people read them: "Type = 'VYDAJ' and Mode = 'VYBER KARTOU'". */
  private static String filtersWords(
      ReconDescription.Metric m, io.assay.report.words.Labels labels) {
    if (m.filters() == null || m.filters().isEmpty()) {
      return "";
    }
    io.assay.report.words.StepWords words = new io.assay.report.words.StepWords(labels);
    List<String> out = new java.util.ArrayList<>();
    for (Object f : m.filters()) {
      out.add(words.filter(PICK_JSON.convertValue(f, Map.class)));
    }
    return String.join(" and ", out);
  }

  /** How many distinct values the value index holds for a column, by "table.column". */
  public Map<String, Integer> distinctByColumn() {
    return description.valueIndex().stream()
        .collect(
            Collectors.toMap(
                ReconDescription.IndexedColumn::column,
                ReconDescription.IndexedColumn::distinctValues,
                (a, b) -> a));
  }

  /**
   * A stored value as the page shows it: an empty string is a value people can filter on, so it is
   * named rather than left as a gap in a list (", LEASING").
   */
  public String shown(String value) {
    return value == null ? "(null)" : value.isEmpty() ? "(empty)" : value;
  }

  /**
   * The most values of one column the page lists: a long list of names (a thousand titles) is
   * searched, not read.
   */
  static final int LISTED = 200;

  /** The values of an indexed column the page lists: those the search finds, at most LISTED. */
  public List<String> listed(ReconDescription.IndexedColumn column) {
    return found(column).limit(LISTED).toList();
  }

  /** How many of a column's values the search finds that the page does not list. */
  public int unlisted(ReconDescription.IndexedColumn column) {
    return (int) Math.max(0, found(column).count() - LISTED);
  }

  /** A column's values the search finds: all of them when it names the column or is empty. */
  private java.util.stream.Stream<String> found(ReconDescription.IndexedColumn column) {
    String q = query.toLowerCase(Locale.ROOT);
    boolean all = q.isEmpty() || contains(q, column.column());
    return column.values().stream().filter(v -> all || contains(q, v));
  }

  /** The first values of an indexed column, joined, for the collapsed row. */
  public String preview(ReconDescription.IndexedColumn column, int maxChars) {
    String all = column.values().stream().map(this::shown).collect(Collectors.joining(", "));
    return all.length() <= maxChars ? all : all.substring(0, maxChars - 1) + "…";
  }

  /** Code lists by column ("table.column"), to link coded columns to their values. */
  public Map<String, CodeList> codesByColumn() {
    return description.codes().stream()
        .collect(Collectors.toMap(c -> c.column().toString(), Function.identity(), (a, b) -> a));
  }
}
