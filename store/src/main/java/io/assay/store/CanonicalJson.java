package io.assay.store;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;

/**
 * The one JSON form that is hashed: keys sorted at every level, nulls omitted, no whitespace,
 * numbers as Jackson writes them (shortest round-trip text for doubles). Writing the same value
 * twice gives the same bytes, so a SHA-256 over them identifies content, and parsing then writing
 * again is the identity.
 */
public final class CanonicalJson {
  private static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .serializationInclusion(JsonInclude.Include.NON_NULL)
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .build();

  private CanonicalJson() {}

  /** The mapper used for every stored JSON document (artifacts, findings, report bodies). */
  public static ObjectMapper mapper() {
    return MAPPER;
  }

  /** Canonical text of any value Jackson can serialise (records, maps, trees). */
  public static String write(Object value) {
    try {
      return MAPPER.writeValueAsString(sorted(tree(value)));
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot serialise " + value.getClass().getName(), e);
    }
  }

  public static JsonNode tree(Object value) {
    if (value instanceof JsonNode node) {
      return node;
    }
    if (value instanceof String s) {
      throw new IllegalArgumentException(
          "pass JSON text through CanonicalJson.parse, not as a value: " + abbreviate(s));
    }
    return MAPPER.valueToTree(value);
  }

  /** Parses JSON text; the message says where it is malformed. */
  public static JsonNode parse(String json) {
    try {
      JsonNode node = MAPPER.readTree(json);
      if (node == null || node.isMissingNode()) {
        throw new IllegalArgumentException("empty JSON document");
      }
      return node;
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("malformed JSON: " + e.getOriginalMessage(), e);
    }
  }

  public static <T> T read(String json, Class<T> type) {
    try {
      return MAPPER.readValue(json, type);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          "JSON is not a valid " + type.getSimpleName() + ": " + e.getOriginalMessage(), e);
    }
  }

  public static <T> T convert(JsonNode node, Class<T> type) {
    try {
      return MAPPER.treeToValue(node, type);
    } catch (JsonProcessingException | IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "JSON is not a valid " + type.getSimpleName() + ": " + e.getMessage(), e);
    }
  }

  /** Lowercase hex SHA-256 of the UTF-8 bytes of {@code text}. */
  public static String sha256(String text) {
    return sha256(text.getBytes(StandardCharsets.UTF_8));
  }

  public static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }

  private static JsonNode sorted(JsonNode node) {
    if (node.isObject()) {
      List<String> names = new ArrayList<>();
      node.fieldNames().forEachRemaining(names::add);
      names.sort(null);
      ObjectNode out = JsonNodeFactory.instance.objectNode();
      for (String name : names) {
        JsonNode child = node.get(name);
        if (!child.isNull()) {
          out.set(name, sorted(child));
        }
      }
      return out;
    }
    if (node.isArray()) {
      ArrayNode out = JsonNodeFactory.instance.arrayNode();
      for (Iterator<JsonNode> it = node.elements(); it.hasNext(); ) {
        out.add(sorted(it.next()));
      }
      return out;
    }
    return node;
  }

  private static String abbreviate(String s) {
    return s.length() <= 40 ? s : s.substring(0, 40) + "…";
  }
}
