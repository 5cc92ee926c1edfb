package io.assay.web.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;

/**
 * Values drawn from an OpenAPI schema: mostly well-formed, often at the edges (empty, huge, extreme
 * numbers, unknown enum values), sometimes of the wrong type or with unknown or missing fields.
 */
final class SchemaValues {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;
  private static final String[] STRINGS = {
    "",
    " ",
    "a",
    "How many loans are there?",
    "financial",
    "job-x",
    "../../etc/passwd",
    "<script>x</script>",
    "'; drop table job; --",
    "%00",
    "\u0000",
    "ünïcødé 日本",
    "null",
    "REQUIRE",
    "AUTO",
    "file:reports",
    "webhook:http://127.0.0.1/x",
    "email:a@b.c",
    "9999999999",
    "-1",
    "1.5",
    "true"
  };
  private static final long[] NUMBERS = {
    0,
    1,
    -1,
    2,
    7,
    100,
    Integer.MAX_VALUE,
    Integer.MIN_VALUE,
    Long.MAX_VALUE,
    Long.MIN_VALUE,
    604_800,
    604_801
  };

  private final JsonNode components;
  private final Random random;

  SchemaValues(JsonNode apiDocs, Random random) {
    this.components = apiDocs.path("components").path("schemas");
    this.random = random;
  }

  JsonNode resolve(JsonNode schema) {
    JsonNode s = schema;
    for (int i = 0; i < 10 && s.has("$ref"); i++) {
      String ref = s.get("$ref").asText();
      s = components.path(ref.substring(ref.lastIndexOf('/') + 1));
    }
    return s;
  }

  /** A value for the schema; {@code depth} bounds nesting. */
  JsonNode value(JsonNode schema, int depth) {
    JsonNode s = resolve(schema);
    if (random.nextInt(12) == 0) {
      return wrongType(s);
    }
    for (String combinator : new String[] {"oneOf", "anyOf"}) {
      if (s.has(combinator) && s.get(combinator).size() > 0) {
        return value(s.get(combinator).get(random.nextInt(s.get(combinator).size())), depth);
      }
    }
    if (s.has("allOf")) {
      ObjectNode merged = F.objectNode();
      for (JsonNode part : s.get("allOf")) {
        JsonNode v = value(part, depth);
        if (v.isObject()) {
          merged.setAll((ObjectNode) v);
        }
      }
      return merged;
    }
    if (s.has("enum")) {
      JsonNode values = s.get("enum");
      return random.nextInt(6) == 0
          ? F.textNode("NOT_" + values.get(0).asText())
          : values.get(random.nextInt(values.size()));
    }
    String type = s.path("type").asText(s.has("properties") ? "object" : "string");
    return switch (type) {
      case "object" -> object(s, depth);
      case "array" -> array(s, depth);
      case "integer" -> F.numberNode(NUMBERS[random.nextInt(NUMBERS.length)]);
      case "number" -> F.numberNode(random.nextBoolean() ? 1.5 : -0.25);
      case "boolean" -> F.booleanNode(random.nextBoolean());
      default -> F.textNode(string());
    };
  }

  String string() {
    int pick = random.nextInt(STRINGS.length + 3);
    if (pick == STRINGS.length) {
      return "x".repeat(1 + random.nextInt(5_000));
    }
    if (pick > STRINGS.length) {
      StringBuilder b = new StringBuilder();
      int n = random.nextInt(20);
      for (int i = 0; i < n; i++) {
        b.append((char) (0x20 + random.nextInt(0x2000)));
      }
      return b.toString();
    }
    return STRINGS[pick];
  }

  private JsonNode object(JsonNode s, int depth) {
    ObjectNode o = F.objectNode();
    if (depth > 4) {
      return o;
    }
    List<String> required = new ArrayList<>();
    s.path("required").forEach(r -> required.add(r.asText()));
    Iterator<String> names = s.path("properties").fieldNames();
    while (names.hasNext()) {
      String name = names.next();
      boolean keep = required.contains(name) ? random.nextInt(10) != 0 : random.nextBoolean();
      if (keep) {
        o.set(
            name,
            random.nextInt(15) == 0
                ? F.nullNode()
                : value(s.get("properties").get(name), depth + 1));
      }
    }
    if (s.has("discriminator")) {
      String property = s.get("discriminator").path("propertyName").asText();
      JsonNode mapping = s.get("discriminator").path("mapping");
      List<String> kinds = new ArrayList<>();
      mapping.fieldNames().forEachRemaining(kinds::add);
      if (!kinds.isEmpty() && !o.has(property)) {
        o.put(property, kinds.get(random.nextInt(kinds.size())));
      }
    }
    if (random.nextInt(8) == 0) {
      o.put("unexpected" + random.nextInt(100), string());
    }
    return o;
  }

  private JsonNode array(JsonNode s, int depth) {
    ArrayNode a = F.arrayNode();
    int n = random.nextInt(random.nextInt(10) == 0 ? 15 : 4);
    for (int i = 0; i < n && depth < 5; i++) {
      a.add(value(s.path("items"), depth + 1));
    }
    return a;
  }

  private JsonNode wrongType(JsonNode s) {
    return switch (random.nextInt(5)) {
      case 0 -> F.numberNode(42);
      case 1 -> F.textNode("surprise");
      case 2 -> F.booleanNode(true);
      case 3 -> F.arrayNode().add(1);
      default -> s.path("type").asText().equals("object") ? F.nullNode() : F.objectNode();
    };
  }
}
