package io.assay.web.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/** Whether a response body matches its documented schema: types, required fields, enums. */
final class SchemaCheck {
  private final SchemaValues schemas;

  SchemaCheck(SchemaValues schemas) {
    this.schemas = schemas;
  }

  List<String> problems(JsonNode value, JsonNode schema, String at) {
    List<String> out = new ArrayList<>();
    check(value, schema, at, out, 0);
    return out;
  }

  private void check(JsonNode v, JsonNode schema, String at, List<String> out, int depth) {
    JsonNode s = schemas.resolve(schema);
    if (depth > 12 || s.isMissingNode() || s.isEmpty()) {
      return;
    }
    if (v.isNull()) {
      return; // springdoc does not mark Java's nullable fields
    }
    for (String combinator : new String[] {"oneOf", "anyOf"}) {
      if (s.has(combinator)) {
        for (JsonNode option : s.get(combinator)) {
          List<String> tried = new ArrayList<>();
          check(v, option, at, tried, depth + 1);
          if (tried.isEmpty()) {
            return;
          }
        }
        out.add(at + ": matches none of " + combinator);
        return;
      }
    }
    if (s.has("allOf")) {
      s.get("allOf").forEach(part -> check(v, part, at, out, depth + 1));
    }
    if (s.has("enum") && v.isTextual()) {
      boolean known = false;
      for (JsonNode e : s.get("enum")) {
        known |= e.asText().equals(v.asText());
      }
      if (!known) {
        out.add(at + ": '" + v.asText() + "' is not in the enum");
      }
    }
    String type = s.path("type").asText(s.has("properties") ? "object" : "");
    switch (type) {
      case "object" -> {
        if (!v.isObject()) {
          out.add(at + ": expected an object, got " + v.getNodeType());
          return;
        }
        s.path("required")
            .forEach(
                r -> {
                  if (!v.has(r.asText())) {
                    out.add(at + ": lacks required " + r.asText());
                  }
                });
        Iterator<String> names = s.path("properties").fieldNames();
        while (names.hasNext()) {
          String name = names.next();
          if (v.has(name)) {
            check(v.get(name), s.get("properties").get(name), at + "." + name, out, depth + 1);
          }
        }
        if (s.has("additionalProperties") && s.get("additionalProperties").isObject()) {
          v.fields()
              .forEachRemaining(
                  e ->
                      check(
                          e.getValue(),
                          s.get("additionalProperties"),
                          at + "." + e.getKey(),
                          out,
                          depth + 1));
        }
      }
      case "array" -> {
        if (!v.isArray()) {
          out.add(at + ": expected an array, got " + v.getNodeType());
          return;
        }
        for (int i = 0; i < v.size() && i < 50; i++) {
          check(v.get(i), s.path("items"), at + "[" + i + "]", out, depth + 1);
        }
      }
      case "string" -> {
        if (!v.isTextual()) {
          out.add(at + ": expected a string, got " + v.getNodeType());
        }
      }
      case "integer" -> {
        if (!v.isIntegralNumber()) {
          out.add(at + ": expected an integer, got " + v.getNodeType());
        }
      }
      case "number" -> {
        if (!v.isNumber()) {
          out.add(at + ": expected a number, got " + v.getNodeType());
        }
      }
      case "boolean" -> {
        if (!v.isBoolean()) {
          out.add(at + ": expected a boolean, got " + v.getNodeType());
        }
      }
      default -> {}
    }
  }
}
