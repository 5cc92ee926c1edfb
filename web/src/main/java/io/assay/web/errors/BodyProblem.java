package io.assay.web.errors;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.util.Map;
import java.util.stream.Collectors;
import org.springframework.http.converter.HttpMessageNotReadableException;

/** Why a JSON body could not be read, said per field: unknown, wrong type, not an allowed value. */
record BodyProblem(String detail, Map<String, String> fields) {

  static BodyProblem of(HttpMessageNotReadableException e) {
    Throwable cause = e.getCause();
    if (cause instanceof UnrecognizedPropertyException u) {
      String field = path(u);
      String known =
          u.getKnownPropertyIds() == null
              ? ""
              : "; known fields: "
                  + u.getKnownPropertyIds().stream()
                      .map(String::valueOf)
                      .sorted()
                      .collect(Collectors.joining(", "));
      return one(field, "unknown field '" + Values.shortened(u.getPropertyName()) + "'" + known);
    }
    if (cause instanceof InvalidTypeIdException t) {
      return one(
          path(t).isEmpty() ? "op" : path(t),
          "'" + Values.shortened(String.valueOf(t.getTypeId())) + "' is not a known kind");
    }
    if (cause instanceof InvalidFormatException f) {
      return one(path(f), Values.expected(f.getTargetType(), f.getValue()));
    }
    if (cause instanceof MismatchedInputException m) {
      String field = path(m);
      if (field.isEmpty()) {
        return one("body", "the body must be a JSON object");
      }
      return one(field, Values.expected(m.getTargetType(), null));
    }
    if (cause instanceof JsonParseException p) {
      return one(
          "body",
          "malformed JSON at line "
              + p.getLocation().getLineNr()
              + ", column "
              + p.getLocation().getColumnNr());
    }
    if (cause instanceof JsonMappingException m
        && m.getCause() instanceof IllegalArgumentException a) {
      // A record's own check (e.g. a delivery channel's) refused the value.
      return one(path(m).isEmpty() ? "body" : path(m), Values.shortened(a.getMessage()));
    }
    if (cause instanceof JsonProcessingException p) {
      return one("body", "the body is not valid JSON: " + Values.shortened(p.getOriginalMessage()));
    }
    return one("body", "a JSON body is required");
  }

  private static BodyProblem one(String field, String message) {
    String detail =
        field.equals("body") ? capitalised(message) + "." : field + ": " + message + ".";
    return new BodyProblem(detail, Map.of(field, message));
  }

  private static String capitalised(String s) {
    return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }

  /** The field path as a client wrote it: {@code delivery[2]}, {@code args.grain}. */
  private static String path(JsonMappingException e) {
    StringBuilder out = new StringBuilder();
    for (JsonMappingException.Reference r : e.getPath()) {
      if (r.getFieldName() != null) {
        if (!out.isEmpty()) {
          out.append('.');
        }
        out.append(r.getFieldName());
      } else if (r.getIndex() >= 0) {
        out.append('[').append(r.getIndex()).append(']');
      }
    }
    return out.toString();
  }
}
