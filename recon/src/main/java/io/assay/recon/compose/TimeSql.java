package io.assay.recon.compose;

import io.assay.pick.PeriodLabel;
import io.assay.pick.TimeGrain;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.jooq.Condition;
import org.jooq.DatePart;
import org.jooq.Field;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;

/** Time windows and grain buckets in SQL. */
final class TimeSql {

  private TimeSql() {}

  static Condition windowCondition(Field<Object> column, TimeWindow w) {
    if (w.start() != null
        && w.end() != null
        && w.start().plusDays(1).equals(w.end())
        && LocalDate.class.equals(column.getDataType().getType())) {
      // One calendar day of a date column: plain equality reads and plans best.
      return column.eq(ValueBinder.param(w.start(), SQLDataType.LOCALDATE));
    }
    List<Condition> cs = new ArrayList<>();
    if (w.start() != null) {
      cs.add(column.ge(ValueBinder.param(w.start(), SQLDataType.LOCALDATE)));
    }
    if (w.end() != null) {
      cs.add(column.lt(ValueBinder.param(w.end(), SQLDataType.LOCALDATE)));
    }
    return DSL.and(cs);
  }

  /**
   * The first day of the grain bucket holding the column's value. date_trunc takes every grain and
   * works on dates, timestamps and timestamptz alike (jOOQ 3.19's TRUNC renders no WEEK or QUARTER
   * for PostgreSQL); weeks start on Monday, as in ISO 8601.
   */
  static Field<LocalDate> bucket(Field<Object> column, TimeGrain grain) {
    String part =
        switch (grain) {
          case DAY -> "day";
          case WEEK -> "week";
          case MONTH -> "month";
          case QUARTER -> "quarter";
          case YEAR -> "year";
        };
    return DSL.function("date_trunc", SQLDataType.LOCALDATETIME, DSL.inline(part), column)
        .cast(SQLDataType.LOCALDATE);
  }

  /** The bucket's number within its year (the year itself for a yearly grain). */
  static Field<Integer> number(Field<LocalDate> bucket, TimeGrain grain) {
    DatePart part =
        switch (grain) {
          case DAY -> DatePart.DAY;
          case WEEK -> DatePart.WEEK;
          case MONTH -> DatePart.MONTH;
          case QUARTER -> DatePart.QUARTER;
          case YEAR -> DatePart.YEAR;
        };
    return DSL.extract(bucket, part);
  }

  /** What the period column holds, for its description. */
  static String describe(TimeGrain grain, PeriodLabel label) {
    String g = grain.name().toLowerCase();
    if (label != PeriodLabel.NUMBER) {
      return "first day of each " + g;
    }
    return switch (grain) {
      case DAY -> "day of the month";
      case WEEK -> "ISO week number";
      case MONTH -> "month number (1-12)";
      case QUARTER -> "quarter number (1-4)";
      case YEAR -> "year";
    };
  }
}
