package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Target;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * "films whose rating is PG", "clients whose gender is female": a phrase naming a column, then "is"
 * and a stored value already read as a filter on that column, names the filter's column; it asks
 * for nothing more. A column the value does not belong to is left for the reader to report.
 */
final class ColumnBeforeItsValue implements Rule {

  @Override
  public void apply(Draft d) {
    for (int i = 0; i + 1 < d.items.size(); i++) {
      if (!(d.at(i) instanceof Mention column)
          || d.isUsed(column)
          || column.targets().isEmpty()
          || !column.targets().stream().allMatch(t -> t instanceof Target.Column)) {
        continue;
      }
      int v = i + 1;
      if (d.at(v) instanceof Cue is && is.kind() == Kind.COPULA) {
        v++;
      }
      if (!(d.at(v) instanceof Mention value) || !d.isUsed(value)) {
        continue;
      }
      Set<ColumnRef> named =
          column.all(Target.Column.class).stream()
              .map(Target.Column::column)
              .collect(Collectors.toSet());
      Set<ColumnRef> valueColumns =
          value.all(Target.Value.class).stream()
              .map(Target.Value::column)
              .collect(Collectors.toSet());
      ColumnRef filtered =
          d.filters.stream()
              .map(f -> f.column())
              .filter(c -> c != null && named.contains(c) && valueColumns.contains(c))
              .findFirst()
              .orElse(null);
      String subject = d.schema.subjectTable(column.first());
      ColumnRef own =
          subject == null
              ? null
              : named.stream().filter(c -> c.table().equals(subject)).findFirst().orElse(null);
      if (filtered != null && own != null && !own.equals(filtered)) {
        // "customers who have the first name Mary": the value was found only in another table's
        // column of that name (a singer's); said of the customers it is theirs, and unknown
        d.use(column);
        d.problem(
            "'" + value.text() + "' is not a known " + own + " value (only " + filtered + ")");
        continue;
      }
      boolean sameNameElsewhere =
          !valueColumns.isEmpty()
              && valueColumns.stream()
                  .allMatch(
                      found ->
                          !named.contains(found)
                              && named.stream().anyMatch(n -> n.column().equals(found.column())));
      if (filtered == null && sameNameElsewhere) {
        // "customers with the first name Mary" where only a singer is called Mary: the value
        // was read on another column than the one named
        d.use(column);
        d.problem(
            "'"
                + value.text()
                + "' is not a known value of "
                + named.stream().map(ColumnRef::toString).sorted().toList());
        continue;
      }
      if (filtered != null) {
        d.use(column);
        d.note("'" + column.text() + "' → the column of '" + value.text() + "' (" + filtered + ")");
      }
    }
  }
}
