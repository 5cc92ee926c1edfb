package io.assay.recon.compose;

import io.assay.pick.ColumnRef;
import io.assay.pick.Measure;
import io.assay.pick.PickValidationError;
import io.assay.pick.Projection;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/** Output column names: checked aliases and the defaults derived from measures and columns. */
final class Names {

  private static final Pattern ALIAS = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,62}");

  private Names() {}

  static String checkAlias(String alias) {
    if (!ALIAS.matcher(alias).matches()) {
      throw new PickValidationError(
          "alias '"
              + alias
              + "' must be a plain name: letters, digits and _, not starting with a digit");
    }
    return alias;
  }

  static String unique(String alias, Set<String> used, String where) {
    if (!used.add(alias)) {
      throw new PickValidationError(
          "two output columns are named '" + alias + "' (in " + where + "); give one an alias");
    }
    return alias;
  }

  static String defaultColumnAlias(ColumnRef ref, List<ColumnRef> siblings) {
    long same = siblings.stream().filter(r -> r.column().equals(ref.column())).count();
    return same > 1 ? ref.table() + "_" + ref.column() : ref.column();
  }

  static String defaultMeasureAlias(Measure m) {
    if (m instanceof Measure.Metric mm) {
      return mm.metric();
    }
    if (m instanceof Measure.Aggregate a) {
      return (a.fn() == null ? "agg" : a.fn().name().toLowerCase())
          + "_"
          + (a.column() == null ? "x" : a.column().table() + "_" + a.column().column());
    }
    if (m instanceof Measure.Ratio r) {
      return part(r.numerator()) + (r.percent() ? "_pct_of_" : "_per_") + part(r.denominator());
    }
    if (m instanceof Measure.Difference d) {
      return part(d.left()) + "_minus_" + part(d.right());
    }
    if (m instanceof Measure.ShareOfTotal s) {
      return "share_of_" + part(s.of());
    }
    if (m instanceof Measure.Growth g) {
      return part(g.of()) + "_growth";
    }
    if (m instanceof Measure.OverGroups o) {
      String per = o.per().isEmpty() || o.per().get(0) == null ? "group" : o.per().get(0).table();
      return (o.fn() == null ? "agg" : o.fn().name().toLowerCase())
          + "_"
          + part(o.of())
          + "_per_"
          + per;
    }
    throw new PickValidationError("a measure is missing its kind");
  }

  static String part(Measure m) {
    if (m == null) {
      throw new PickValidationError("a derived measure is missing one of its parts");
    }
    return m.alias() != null ? m.alias() : defaultMeasureAlias(m);
  }

  static String defaultProjectionAlias(Projection p) {
    if (p instanceof Projection.Column c) {
      return c.column() == null ? "column" : c.column().column();
    }
    if (p instanceof Projection.Difference d) {
      return name(d.left()) + "_minus_" + name(d.right());
    }
    if (p instanceof Projection.Ratio r) {
      return name(r.numerator()) + (r.percent() ? "_pct_of_" : "_per_") + name(r.denominator());
    }
    if (p instanceof Projection.Growth g) {
      return name(g.from()) + "_to_" + name(g.to()) + "_growth";
    }
    if (p instanceof Projection.YearsSince y) {
      return "years_since_" + name(y.column());
    }
    throw new PickValidationError("a select entry is missing its kind");
  }

  static String name(ColumnRef r) {
    return r == null ? "x" : r.column();
  }
}
