package io.assay.understand.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.pick.ColumnRef;
import io.assay.recon.MetricDefinition;
import io.assay.understand.AnalysisCue;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The model's reading of one question, every name resolved against the {@link ClosedSets}. {@link
 * #parse} is the only way to get one: it rejects malformed JSON and names outside the sets, saying
 * which, so the model can be asked once more and, when it insists, the person is asked instead.
 *
 * @param metric null when the model says the question names none
 * @param understood false when the model says the sets do not hold what the question needs
 */
record ReadingReply(
    boolean understood,
    MetricDefinition metric,
    ClosedSets.Window time,
    ClosedSets.Window compareWith,
    String grain,
    List<ClosedSets.ValueChoice> filters,
    List<ColumnRef> groupBy,
    Set<AnalysisCue> analyses,
    String unclear) {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** The fields whose value is a list of names. */
  static final Set<String> LISTS = Set.of("filters", "group_by", "analyses");

  /** Why a reply cannot be used; {@code outOfSet} when some names are not in the sets. */
  static final class Rejected extends Exception {
    final List<String> errors;
    final List<OutOfSet> outOfSet;

    Rejected(List<String> errors, List<OutOfSet> outOfSet) {
      super(String.join("; ", errors));
      this.errors = List.copyOf(errors);
      this.outOfSet = List.copyOf(outOfSet);
    }

    Rejected(String error) {
      this(List.of(error), List.of());
    }
  }

  /** A name the model gave for {@code field} that is not one of the allowed values. */
  record OutOfSet(String field, String name) {}

  /**
   * @param chosen the person's answers to this reader's questions, by field: they replace what the
   *     model said for that field
   */
  static ReadingReply parse(String text, ClosedSets sets, Map<String, String> chosen)
      throws Rejected {
    if (text == null || text.isBlank()) {
      throw new Rejected("the reply is empty");
    }
    JsonNode root;
    try {
      root = JSON.readTree(stripFences(text));
    } catch (JsonProcessingException e) {
      throw new Rejected("the reply is not JSON: " + e.getOriginalMessage());
    }
    if (root == null || !root.isObject()) {
      throw new Rejected("the reply must be one JSON object");
    }
    if (!chosen.isEmpty()) {
      com.fasterxml.jackson.databind.node.ObjectNode o =
          (com.fasterxml.jackson.databind.node.ObjectNode) root.deepCopy();
      chosen.forEach(
          (field, value) -> {
            if (LISTS.contains(field)) {
              o.putArray(field).add(value);
            } else {
              o.put(field, value);
            }
          });
      root = o;
    }
    List<String> errors = new ArrayList<>();
    List<OutOfSet> out = new ArrayList<>();
    boolean understood = root.path("understood").asBoolean(true);
    String unclear = root.path("unclear").asText("").strip();
    MetricDefinition metric = null;
    String m = text(root, "metric");
    if (!m.isEmpty() && !m.equals(ClosedSets.NONE)) {
      metric = sets.metrics().get(m);
      if (metric == null) {
        outOfSet(errors, out, "metric", m, "metrics");
      }
    }
    ClosedSets.Window time = window(root, "time", sets, errors, out);
    ClosedSets.Window compare = window(root, "compare_with", sets, errors, out);
    String grain = text(root, "grain");
    if (grain.isEmpty() || grain.equals(ClosedSets.NONE)) {
      grain = null;
    } else if (!sets.grains().contains(grain)) {
      outOfSet(errors, out, "grain", grain, "grains " + sets.grains());
      grain = null;
    }
    List<ClosedSets.ValueChoice> filters = new ArrayList<>();
    for (String f : strings(root, "filters", errors)) {
      ClosedSets.ValueChoice v = sets.values().get(f);
      if (v == null) {
        outOfSet(errors, out, "filters", f, "filter values");
      } else if (!filters.contains(v)) {
        filters.add(v);
      }
    }
    List<ColumnRef> groupBy = new ArrayList<>();
    for (String c : strings(root, "group_by", errors)) {
      ColumnRef ref = sets.columns().get(c);
      if (ref == null) {
        outOfSet(errors, out, "group_by", c, "columns");
      } else if (!groupBy.contains(ref)) {
        groupBy.add(ref);
      }
    }
    Set<AnalysisCue> analyses = new LinkedHashSet<>();
    for (String a : strings(root, "analyses", errors)) {
      AnalysisCue cue = sets.analyses().get(a);
      if (cue == null) {
        outOfSet(errors, out, "analyses", a, "analyses " + sets.analyses().keySet());
      } else {
        analyses.add(cue);
      }
    }
    if (understood && metric == null && out.isEmpty()) {
      errors.add(
          "'metric' is required when 'understood' is true; choose one of the allowed metrics");
    }
    if (!errors.isEmpty()) {
      throw new Rejected(errors, out);
    }
    return new ReadingReply(
        understood,
        metric,
        time,
        compare,
        grain,
        List.copyOf(filters),
        List.copyOf(groupBy),
        Set.copyOf(analyses),
        unclear);
  }

  private static ClosedSets.Window window(
      JsonNode root, String field, ClosedSets sets, List<String> errors, List<OutOfSet> out) {
    String id = text(root, field);
    if (id.isEmpty() || id.equals(ClosedSets.NONE)) {
      return null;
    }
    ClosedSets.Window w = sets.windows().get(id);
    if (w == null) {
      outOfSet(
          errors,
          out,
          field,
          id,
          "time windows "
              + (sets.windows().isEmpty() ? "(none: use none)" : sets.windows().keySet()));
    }
    return w;
  }

  private static void outOfSet(
      List<String> errors, List<OutOfSet> out, String field, String name, String set) {
    errors.add("'" + field + "': '" + name + "' is not one of the allowed " + set);
    out.add(new OutOfSet(field, name));
  }

  private static String text(JsonNode root, String field) {
    JsonNode n = root.get(field);
    return n == null || n.isNull() ? "" : n.asText("").strip();
  }

  private static List<String> strings(JsonNode root, String field, List<String> errors) {
    JsonNode n = root.get(field);
    if (n == null || n.isNull()) {
      return List.of();
    }
    if (!n.isArray()) {
      errors.add("'" + field + "' must be an array of allowed values");
      return List.of();
    }
    List<String> out = new ArrayList<>();
    for (JsonNode e : n) {
      String s = e.asText("").strip();
      if (!s.isEmpty() && !s.equals(ClosedSets.NONE)) {
        out.add(s);
      }
    }
    return out;
  }

  /** Models often wrap JSON in a markdown code fence. */
  static String stripFences(String text) {
    String t = text.strip();
    if (t.startsWith("```")) {
      int nl = t.indexOf('\n');
      int end = t.lastIndexOf("```");
      if (nl > 0 && end > nl) {
        return t.substring(nl + 1, end).strip();
      }
    }
    return t;
  }
}
