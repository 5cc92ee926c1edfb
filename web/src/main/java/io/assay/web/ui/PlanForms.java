package io.assay.web.ui;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.contract.plan.PlanEdit;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * Turns what people type into plan edits. Arguments are edited as a JSON object; only the keys
 * whose value changed are sent (the workflow merges them into the step; a deleted key is sent as
 * null, which removes it), so an edit says exactly what a person changed. Input that cannot become
 * an edit is refused here with a reason, the same way the workflow refuses an edit it cannot apply.
 */
final class PlanForms {
  private static final TypeReference<LinkedHashMap<String, Object>> OBJECT =
      new TypeReference<>() {};

  private PlanForms() {}

  /** A form value that cannot become an edit; the message is shown next to the form. */
  static final class InvalidInput extends RuntimeException {
    InvalidInput(String message) {
      super(message);
    }
  }

  static PlanEdit.SetArgs setArgs(
      ObjectMapper json, int index, Map<String, Object> current, String edited) {
    return setArgs(json, index, current, object(json, edited, "The arguments"));
  }

  /**
   * The edit that turns {@code current} into {@code wanted}: changed keys, removed ones as null.
   */
  static PlanEdit.SetArgs setArgs(
      ObjectMapper json, int index, Map<String, Object> current, Map<String, Object> wanted) {
    Map<String, Object> changed = new LinkedHashMap<>();
    wanted.forEach(
        (key, value) -> {
          if (!current.containsKey(key) || !sameJson(json, current.get(key), value)) {
            changed.put(key, value);
          }
        });
    // A key the person deleted is sent as null, which asks the planner to drop the argument (it
    // then falls back to the analysis's default, or the edit is refused if the argument is
    // required).
    for (String key : new TreeSet<>(current.keySet())) {
      if (!wanted.containsKey(key)) {
        changed.put(key, null);
      }
    }
    if (changed.isEmpty()) {
      throw new InvalidInput(
          "Nothing changed in the arguments of step " + ((long) index + 1) + ".");
    }
    return new PlanEdit.SetArgs(index, changed);
  }

  static PlanEdit.AddStep addStep(
      ObjectMapper json, int position, int planSize, String analysis, String args, String why) {
    if (analysis == null || analysis.isBlank()) {
      throw new InvalidInput("Choose the analysis the new step runs.");
    }
    if (position < 1 || position > planSize + 1) {
      throw new InvalidInput(
          "The new step's position must be between 1 and " + (planSize + 1) + ".");
    }
    Map<String, Object> parsed =
        args == null || args.isBlank() ? Map.of() : object(json, args, "The new step's arguments");
    return new PlanEdit.AddStep(
        position - 1,
        analysis.strip(),
        parsed,
        why == null || why.isBlank() ? "added by a person" : why.strip());
  }

  static PlanEdit.ExcludeValue exclude(int index, String column, String value) {
    if (column == null || column.isBlank()) {
      throw new InvalidInput(
          "Choose the column whose value is to be excluded (the list offers the coded columns).");
    }
    if (value == null || value.isEmpty()) {
      throw new InvalidInput("Give the code value to exclude.");
    }
    return new PlanEdit.ExcludeValue(index, column.strip(), value);
  }

  private static Map<String, Object> object(ObjectMapper json, String text, String what) {
    try {
      Map<String, Object> map = json.readValue(text, OBJECT);
      if (map == null) {
        throw new InvalidInput(what + " must be a JSON object such as {\"grain\": \"month\"}.");
      }
      return map;
    } catch (JsonProcessingException e) {
      String where =
          e.getLocation() == null
              ? ""
              : " (line "
                  + e.getLocation().getLineNr()
                  + ", column "
                  + e.getLocation().getColumnNr()
                  + ")";
      throw new InvalidInput(
          what + " are not a JSON object: " + e.getOriginalMessage() + where + ".");
    }
  }

  /**
   * Compares as JSON trees, so an object whose keys were merely reordered is not a change, nor a
   * number written differently (2 and 2.0).
   */
  private static boolean sameJson(ObjectMapper json, Object a, Object b) {
    com.fasterxml.jackson.databind.JsonNode x = json.valueToTree(a);
    com.fasterxml.jackson.databind.JsonNode y = json.valueToTree(b);
    if (x == null || y == null) {
      return Objects.equals(x, y);
    }
    return x.equals(
        (m, n) ->
            m.isNumber() && n.isNumber()
                ? m.decimalValue().compareTo(n.decimalValue())
                : m.equals(n) ? 0 : 1,
        y);
  }
}
