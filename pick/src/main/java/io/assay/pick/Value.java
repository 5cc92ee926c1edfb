package io.assay.pick;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;

/**
 * A typed filter value. In JSON: a string is {@link Text}, a number is {@link Number}, {@code
 * true}/{@code false} is {@link Bool}, and a date is the object {@code {"date":"1997-01-31"}}. The
 * composer checks the value against the column's type (a text given for a date column must be an
 * ISO date) and always sends it as a bind parameter.
 */
@JsonSerialize(using = Value.Json.Writer.class)
@JsonDeserialize(using = Value.Json.Reader.class)
public sealed interface Value {

  /** A text value, compared exactly (case and accents included). */
  record Text(String value) implements Value {
    public Text {
      if (value == null) {
        throw new PickValidationError("a text value is missing; use an is_null filter for nulls");
      }
    }
  }

  /** A number, kept exact. */
  record Number(BigDecimal value) implements Value {
    public Number {
      if (value == null) {
        throw new PickValidationError("a number value is missing");
      }
    }
  }

  /** A calendar date. */
  record Date(LocalDate value) implements Value {
    public Date {
      if (value == null) {
        throw new PickValidationError("a date value is missing");
      }
    }
  }

  /** A boolean. */
  record Bool(boolean value) implements Value {}

  static Value text(String value) {
    return new Text(value);
  }

  static Value number(long value) {
    return new Number(BigDecimal.valueOf(value));
  }

  static Value number(BigDecimal value) {
    return new Number(value);
  }

  static Value date(LocalDate value) {
    return new Date(value);
  }

  static Value date(String isoDate) {
    return new Date(LocalDate.parse(isoDate));
  }

  /** Jackson codecs for the scalar-or-date-object JSON form. */
  final class Json {
    private Json() {}

    /** Writes a value in its JSON form. */
    public static final class Writer extends JsonSerializer<Value> {
      @Override
      public void serialize(Value value, JsonGenerator gen, SerializerProvider serializers)
          throws IOException {
        if (value instanceof Text t) {
          gen.writeString(t.value());
        } else if (value instanceof Number n) {
          gen.writeNumber(n.value());
        } else if (value instanceof Bool b) {
          gen.writeBoolean(b.value());
        } else if (value instanceof Date d) {
          gen.writeStartObject();
          gen.writeStringField("date", d.value().toString());
          gen.writeEndObject();
        }
      }
    }

    /** Reads a value from its JSON form. */
    public static final class Reader extends JsonDeserializer<Value> {
      @Override
      public Value deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        JsonToken token = p.currentToken();
        switch (token) {
          case VALUE_STRING:
            return new Text(p.getText());
          case VALUE_NUMBER_INT:
          case VALUE_NUMBER_FLOAT:
            return new Number(p.getDecimalValue());
          case VALUE_TRUE:
            return new Bool(true);
          case VALUE_FALSE:
            return new Bool(false);
          case START_OBJECT:
            JsonNode node = p.readValueAsTree();
            JsonNode date = node.get("date");
            if (node.size() != 1 || date == null || !date.isTextual()) {
              return (Value)
                  ctxt.handleUnexpectedToken(
                      Value.class,
                      JsonToken.START_OBJECT,
                      p,
                      "a value object must be {\"date\": \"YYYY-MM-DD\"}, got %s",
                      node);
            }
            try {
              return new Date(LocalDate.parse(date.asText()));
            } catch (DateTimeParseException e) {
              return (Value)
                  ctxt.handleWeirdStringValue(
                      LocalDate.class, date.asText(), "not an ISO date (YYYY-MM-DD)");
            }
          default:
            return (Value)
                ctxt.handleUnexpectedToken(
                    Value.class,
                    token,
                    p,
                    "expected a string, number, boolean or {\"date\": \"YYYY-MM-DD\"}");
        }
      }
    }
  }
}
