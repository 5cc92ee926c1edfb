package io.assay.understand.model;

import io.assay.llm.Prompts;
import io.assay.recon.MetricDefinition;
import io.assay.understand.AnalysisCue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The model reader's user prompt ({@code prompts/reader-v1-user.md}) with the closed sets filled
 * in: schema names, their descriptions, code values and the values the question names. No data
 * rows.
 */
final class ReaderPrompt {

  private ReaderPrompt() {}

  static String user(String question, String hint, ClosedSets sets, Map<String, String> chosen) {
    Map<String, Object> vars = new LinkedHashMap<>();
    vars.put("question", question);
    List<String> extra = new ArrayList<>();
    if (hint != null && !hint.isBlank()) {
      extra.add("Hint: " + hint.strip());
    }
    chosen.forEach((field, value) -> extra.add("The person chose for '" + field + "': " + value));
    vars.put("hint", extra.isEmpty() ? "" : String.join("\n", extra) + "\n");
    List<String> metrics = new ArrayList<>();
    for (MetricDefinition m : sets.metrics().values()) {
      metrics.add("- " + m.name() + ": " + m.description());
    }
    vars.put("metrics", String.join("\n", metrics));
    List<String> values = new ArrayList<>();
    for (ClosedSets.ValueChoice v : sets.values().values()) {
      values.add("- " + v.id() + (v.meaning() == null ? "" : ": " + v.meaning()));
    }
    vars.put("values", values.isEmpty() ? "(none)" : String.join("\n", values));
    List<String> times = new ArrayList<>();
    for (ClosedSets.Window w : sets.windows().values()) {
      times.add("- " + w.id() + ": \"" + w.text() + "\", " + span(w));
    }
    times.add("- " + ClosedSets.NONE + ": no window named (all data)");
    vars.put("times", String.join("\n", times));
    vars.put("grains", String.join(", ", sets.grains()) + ", " + ClosedSets.NONE);
    vars.put("columns", String.join(", ", sets.columns().keySet()));
    List<String> analyses = new ArrayList<>();
    for (Map.Entry<String, AnalysisCue> a : sets.analyses().entrySet()) {
      analyses.add("- " + a.getKey() + ": " + a.getValue().means());
    }
    vars.put("analyses", String.join("\n", analyses));
    return Prompts.render("reader-v1-user", vars);
  }

  private static String span(ClosedSets.Window w) {
    var first = w.periods().get(0);
    var last = w.periods().get(w.periods().size() - 1);
    return first.from() + " to " + last.to();
  }
}
