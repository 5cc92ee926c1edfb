package io.assay.recon.compose;

import io.assay.pick.ColumnRef;
import io.assay.pick.PickValidationError;
import io.assay.pick.Projection;
import io.assay.recon.ColumnInfo;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.jooq.DatePart;
import org.jooq.Field;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;

/** Listing Picks: per-row output columns and their metadata. */
final class Listing {

  private final Lookup lk;

  Listing(Lookup lk) {
    this.lk = lk;
  }

  String projectionTable(Projection p) {
    List<ColumnRef> refs = columnsOf(p);
    return lk.column(refs.get(0)).table();
  }

  List<ColumnRef> columnsOf(Projection p) {
    List<ColumnRef> refs = new ArrayList<>();
    if (p instanceof Projection.Column c) {
      refs.add(c.column());
    } else if (p instanceof Projection.Difference d) {
      refs.add(d.left());
      refs.add(d.right());
    } else if (p instanceof Projection.Ratio r) {
      refs.add(r.numerator());
      refs.add(r.denominator());
    } else if (p instanceof Projection.Growth g) {
      refs.add(g.from());
      refs.add(g.to());
    } else if (p instanceof Projection.YearsSince y) {
      refs.add(y.column());
    } else {
      throw new PickValidationError("a select entry is empty");
    }
    for (ColumnRef r : refs) {
      if (r == null) {
        throw new PickValidationError(
            "a select entry of kind " + Names.defaultProjectionAlias(p) + " is missing a column");
      }
    }
    return refs;
  }

  Field<?> projection(Projection p, QueryLevel level) {
    if (p instanceof Projection.Column c) {
      return level.field(lk.column(c.column()));
    }
    if (p instanceof Projection.Difference d) {
      return Measures.numeric(numberColumn(d.left(), level))
          .minus(Measures.numeric(numberColumn(d.right(), level)));
    }
    if (p instanceof Projection.Ratio r) {
      return Measures.ratio(
          numberColumn(r.numerator(), level), numberColumn(r.denominator(), level), r.percent());
    }
    if (p instanceof Projection.Growth g) {
      Field<Double> from = Measures.numeric(numberColumn(g.from(), level)).cast(SQLDataType.DOUBLE);
      Field<Double> to = Measures.numeric(numberColumn(g.to(), level)).cast(SQLDataType.DOUBLE);
      return to.minus(from).mul(DSL.inline(100)).div(DSL.nullif(from, DSL.inline(0.0)));
    }
    if (p instanceof Projection.YearsSince y) {
      ColumnInfo c = lk.column(y.column());
      if (!c.type().isTemporal()) {
        throw new PickValidationError(
            "years_since needs a date column; " + c.ref() + " is " + c.sqlType());
      }
      @SuppressWarnings({"unchecked", "rawtypes"})
      Field<LocalDate> asOf =
          y.asOf() == null
              ? DSL.currentLocalDate()
              : (Field) ValueBinder.param(y.asOf(), SQLDataType.LOCALDATE);
      return DSL.extract(asOf, DatePart.YEAR).minus(DSL.extract(level.field(c), DatePart.YEAR));
    }
    throw new PickValidationError("a select entry is missing its kind");
  }

  Field<Object> numberColumn(ColumnRef ref, QueryLevel level) {
    ColumnInfo c = lk.column(ref);
    if (!c.type().isNumeric()) {
      throw new PickValidationError(
          "arithmetic needs number columns; " + c.ref() + " is " + c.sqlType());
    }
    return level.field(c);
  }

  OutputColumn projectionOutput(String alias, Projection p) {
    if (p instanceof Projection.Column c) {
      ColumnInfo info = lk.column(c.column());
      return new OutputColumn(
          alias, OutputColumn.Role.COLUMN, info.ref().toString(), info.description(), null, null);
    }
    String unit =
        p instanceof Projection.Growth || (p instanceof Projection.Ratio r && r.percent())
            ? "percent"
            : null;
    return new OutputColumn(
        alias, OutputColumn.Role.COLUMN, null, alias.replace('_', ' '), unit, null);
  }
}
