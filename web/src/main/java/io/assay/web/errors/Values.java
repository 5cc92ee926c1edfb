package io.assay.web.errors;

import java.util.Arrays;
import java.util.stream.Collectors;

/** How an error names what was expected, without echoing large input back. */
final class Values {
  private static final int ECHO_LIMIT = 40;

  private Values() {}

  static String expected(Class<?> type, Object given) {
    String shown = given == null ? "" : " '" + shortened(String.valueOf(given)) + "'";
    if (type != null && type.isEnum()) {
      return shown.strip()
          + (shown.isEmpty() ? "" : " ")
          + "is not one of "
          + Arrays.stream(type.getEnumConstants())
              .map(c -> ((Enum<?>) c).name())
              .collect(Collectors.joining(", "));
    }
    return "expected " + kind(type) + (shown.isEmpty() ? "" : ", got" + shown);
  }

  static String kind(Class<?> type) {
    if (type == null) {
      return "a value";
    }
    if (type == Integer.class
        || type == int.class
        || type == Long.class
        || type == long.class
        || type == Short.class
        || type == short.class) {
      return "a whole number";
    }
    if (Number.class.isAssignableFrom(type) || type == double.class || type == float.class) {
      return "a number";
    }
    if (type == Boolean.class || type == boolean.class) {
      return "true or false";
    }
    if (CharSequence.class.isAssignableFrom(type)) {
      return "a string";
    }
    if (java.util.Collection.class.isAssignableFrom(type) || type.isArray()) {
      return "a list";
    }
    return "an object";
  }

  static String shortened(String s) {
    return s.length() <= ECHO_LIMIT ? s : s.substring(0, ECHO_LIMIT) + "…";
  }
}
