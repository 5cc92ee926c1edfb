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
 * true}/{@code false} is {@link Bool}, a date is the object {@code {"date":"1997-01-31"}}, and a
 * quantity is the object {@code {"amount":2,"unit":"hours"}}. The composer checks the value against
 * the column's type (a text given for a date column must be an ISO date; a quantity needs a column
 * whose unit the dataset YAML states, and is converted to it) and always sends it as a bind
 * parameter.
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

  /**
   * A number in a unit ("two hours"), compared with a column in the unit its YAML states after
   * conversion ({@code 2 hours} against minutes is 120).
   */
  record Quantity(BigDecimal amount, Unit unit) implements Value {
    public Quantity {
      if (amount == null) {
        throw new PickValidationError("a quantity needs an amount");
      }
      if (unit == null) {
        throw new PickValidationError("a quantity needs a unit; known units: " + Unit.names());
      }
    }
  }

  static Value quantity(long amount, Unit unit) {
    return new Quantity(BigDecimal.valueOf(amount), unit);
  }

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
        } else if (value instanceof Quantity q) {
          gen.writeStartObject();
          gen.writeFieldName("amount");
          gen.writeNumber(q.amount());
          gen.writeStringField("unit", q.unit().jsonName());
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
            if (node.has("amount") || node.has("unit")) {
              return quantity(node, p, ctxt);
            }
            JsonNode date = node.get("date");
            if (node.size() != 1 || date == null || !date.isTextual()) {
              return (Value)
                  ctxt.handleUnexpectedToken(
                      Value.class,
                      JsonToken.START_OBJECT,
                      p,
                      "a value object must be {\"date\": \"YYYY-MM-DD\"} or {\"amount\": N,"
                          + " \"unit\": \"hours\"}, got %s",
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

    private static Value quantity(JsonNode node, JsonParser p, DeserializationContext ctxt)
        throws IOException {
      JsonNode amount = node.get("amount");
      JsonNode unit = node.get("unit");
      if (node.size() != 2
          || amount == null
          || !amount.isNumber()
          || unit == null
          || !unit.isTextual()) {
        return (Value)
            ctxt.handleUnexpectedToken(
                Value.class,
                JsonToken.START_OBJECT,
                p,
                "a quantity must be {\"amount\": N, \"unit\": \"hours\"}, got %s",
                node);
      }
      return new Quantity(amount.decimalValue(), Unit.parse(unit.asText()));
    }
  }
}
