package io.assay.algorithms.testing;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Structural comparison with the rules of {@code shared/vectors/README.md}: floats within {@code
 * 1e-9 * max(|a|,|b|) + 1e-12}; strings, booleans, integers, list lengths, list order and object
 * key order exact; an integer and a float are different.
 */
public final class JsonMatch {
  private JsonMatch() {}

  /** The differences between expected and actual, one line each; empty when they match. */
  public static List<String> differences(JsonNode expected, JsonNode actual) {
    List<String> out = new ArrayList<>();
    compare(expected, actual, "$", out);
    return out;
  }

  /** The float tolerance of the vectors. */
  public static boolean close(double a, double b) {
    return Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b)) + 1e-12;
  }

  private static void compare(JsonNode expected, JsonNode actual, String path, List<String> out) {
    if (actual == null) {
      out.add(path + ": missing, expected " + expected);
    } else if (expected.isObject()) {
      if (!actual.isObject()) {
        out.add(path + ": expected an object, got " + actual);
        return;
      }
      List<String> ek = names(expected.fieldNames());
      List<String> ak = names(actual.fieldNames());
      if (!ek.equals(ak)) {
        out.add(path + ": keys " + ak + ", expected " + ek);
      }
      for (String k : ek) {
        if (actual.has(k)) {
          compare(expected.get(k), actual.get(k), path + "." + k, out);
        }
      }
    } else if (expected.isArray()) {
      if (!actual.isArray() || actual.size() != expected.size()) {
        out.add(path + ": expected an array of " + expected.size() + ", got " + actual);
        return;
      }
      for (int i = 0; i < expected.size(); i++) {
        compare(expected.get(i), actual.get(i), path + "[" + i + "]", out);
      }
    } else if (expected.isIntegralNumber()) {
      if (!actual.isIntegralNumber()
          || !actual.bigIntegerValue().equals(expected.bigIntegerValue())) {
        out.add(path + ": expected integer " + expected + ", got " + actual);
      }
    } else if (expected.isNumber()) {
      if (!actual.isNumber() || actual.isIntegralNumber()) {
        out.add(path + ": expected float " + expected + ", got " + actual);
      } else if (!close(expected.doubleValue(), actual.doubleValue())) {
        out.add(path + ": expected " + expected.doubleValue() + ", got " + actual.doubleValue());
      }
    } else if (!expected.equals(actual)) {
      out.add(path + ": expected " + expected + ", got " + actual);
    }
  }

  private static List<String> names(Iterator<String> it) {
    List<String> out = new ArrayList<>();
    it.forEachRemaining(out::add);
    return out;
  }
}
