package io.assay.recon.compose;

import io.assay.pick.PickValidationError;
import io.assay.pick.Value;
import io.assay.recon.CodeList;
import io.assay.recon.ColumnInfo;
import io.assay.recon.Recon;
import io.assay.recon.schema.ColumnType;
import io.assay.recon.text.DidYouMean;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jooq.DataType;
import org.jooq.Field;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;

/**
 * Turns a Pick value into a bind parameter of the right type for its column, or explains why it
 * does not fit: a string for a number column, a value outside a closed code list ("'male' is not a
 * value of client.gender — did you mean 'M'?"). Values are never written into the SQL text.
 */
final class ValueBinder {

  private final Recon recon;
  private final List<String> warnings;

  ValueBinder(Recon recon, List<String> warnings) {
    this.recon = recon;
    this.warnings = warnings;
  }

  /** A bind parameter for comparing {@code column} with {@code value}. */
  Field<Object> bind(ColumnInfo column, Value value, boolean checkMembership) {
    if (value == null) {
      throw new PickValidationError(
          "a value for " + column.ref() + " is missing (use an is_null filter for nulls)");
    }
    if (value instanceof Value.Quantity q) {
      value = new Value.Number(inColumnUnit(column, q));
    }
    ColumnType type = column.type();
    if (type == ColumnType.TEXT) {
      if (!(value instanceof Value.Text t)) {
        throw new PickValidationError(
            column.ref()
                + " is a text column: give the value as a string, e.g. \""
                + show(value)
                + "\"");
      }
      if (checkMembership) {
        checkMember(column, t.value());
      }
      return param(t.value(), SQLDataType.VARCHAR);
    }
    if (type.isNumeric()) {
      if (!(value instanceof Value.Number n)) {
        throw new PickValidationError(
            column.ref()
                + " is a number column ("
                + column.sqlType()
                + "): give the value as a JSON number, e.g. 250000, not "
                + quoted(value));
      }
      BigDecimal d = n.value();
      if (type.isIntegral() && isIntegral(d)) {
        try {
          return param(d.longValueExact(), SQLDataType.BIGINT);
        } catch (ArithmeticException e) {
          throw new PickValidationError(d + " is too large for " + column.ref());
        }
      }
      return param(d, SQLDataType.NUMERIC);
    }
    if (type.isTemporal()) {
      return param(date(column, value), SQLDataType.LOCALDATE);
    }
    if (type == ColumnType.BOOLEAN) {
      if (!(value instanceof Value.Bool b)) {
        throw new PickValidationError(
            column.ref() + " is a true/false column, not " + quoted(value));
      }
      return param(b.value(), SQLDataType.BOOLEAN);
    }
    throw new PickValidationError(
        column.ref() + " has type " + column.sqlType() + ", which filters cannot compare");
  }

  /**
   * A quantity's amount in the unit of {@code column} ("2 hours" against minutes is 120), or why it
   * cannot be: the YAML states no unit for the column, or the units measure different things.
   */
  static BigDecimal inColumnUnit(ColumnInfo column, Value.Quantity q) {
    if (column.unit() == null) {
      throw new PickValidationError(
          "a quantity in "
              + q.unit().jsonName()
              + " cannot be compared with "
              + column.ref()
              + ": the dataset YAML states no unit for it (unit: on the column); give a plain"
              + " number");
    }
    if (column.unit().dimension() != q.unit().dimension()) {
      throw new PickValidationError(
          "a quantity in "
              + q.unit().jsonName()
              + " cannot be compared with "
              + column.ref()
              + ", which is in "
              + column.unit().jsonName());
    }
    return q.unit().convert(q.amount(), column.unit());
  }

  /** A date from a date value or an ISO date string. */
  static LocalDate date(ColumnInfo column, Value value) {
    if (value instanceof Value.Date d) {
      return d.value();
    }
    if (value instanceof Value.Text t) {
      try {
        return LocalDate.parse(t.value().strip());
      } catch (DateTimeParseException e) {
        throw new PickValidationError(
            "'" + t.value() + "' is not a date for " + column.ref() + "; write YYYY-MM-DD");
      }
    }
    throw new PickValidationError(
        column.ref() + " is a date column: give {\"date\": \"YYYY-MM-DD\"}, not " + quoted(value));
  }

  /**
   * A closed code list rejects values it does not know (stored values count as known, even when the
   * YAML does not explain them); an open indexed column (district names) only warns, since the
   * value may be legitimately absent.
   */
  private void checkMember(ColumnInfo column, String value) {
    CodeList codes = recon.codes(column.ref()).orElse(null);
    List<String> stored = recon.values().values(column.ref());
    Set<String> known = new LinkedHashSet<>(stored);
    if (codes != null) {
      codes.values().forEach(c -> known.add(c.value()));
    }
    if (known.isEmpty() || known.contains(value)) {
      return;
    }
    List<String> close = recon.values().closest(column.ref(), value, 3);
    if (codes != null && codes.closed()) {
      throw new PickValidationError(
          "'"
              + value
              + "' is not a value of "
              + column.ref()
              + DidYouMean.phrase(close)
              + " (values: "
              + describe(codes)
              + ")",
          close);
    }
    warnings.add(
        "'"
            + value
            + "' does not occur in "
            + column.ref()
            + ", so this filter matches nothing"
            + DidYouMean.phrase(close));
  }

  private static String describe(CodeList codes) {
    StringBuilder sb = new StringBuilder();
    for (CodeList.Code c : codes.values()) {
      if (sb.length() > 0) {
        sb.append(", ");
      }
      sb.append('\'').append(c.value()).append("' = ").append(c.meaning());
    }
    return sb.toString();
  }

  @SuppressWarnings("unchecked")
  static Field<Object> param(Object value, DataType<?> type) {
    return (Field<Object>) DSL.val(value, (DataType<Object>) type);
  }

  private static boolean isIntegral(BigDecimal d) {
    return d.signum() == 0 || d.scale() <= 0 || d.stripTrailingZeros().scale() <= 0;
  }

  private static String show(Value v) {
    if (v instanceof Value.Number n) {
      return n.value().toPlainString();
    }
    if (v instanceof Value.Date d) {
      return d.value().toString();
    }
    if (v instanceof Value.Bool b) {
      return String.valueOf(b.value());
    }
    if (v instanceof Value.Quantity q) {
      return q.amount().toPlainString() + " " + q.unit().jsonName();
    }
    return ((Value.Text) v).value();
  }

  private static String quoted(Value v) {
    return v instanceof Value.Text t ? "\"" + t.value() + "\"" : show(v);
  }
}
