package io.assay.recon;

import io.assay.pick.PickValidationError;
import io.assay.pick.Unit;
import io.assay.recon.schema.ColumnType;
import java.util.List;

/**
 * Reads a column's {@code unit:} from the YAML: a unit a quantity in a question can be converted to
 * ("longer than two hours" on running times kept in minutes). Only number columns have units.
 */
final class ColumnUnits {

  private ColumnUnits() {}

  /** The unit {@code doc} states, or null (also when it is not usable; a problem says why). */
  static Unit of(String key, YamlFiles.ColumnDoc doc, ColumnType type, List<String> problems) {
    if (doc == null || doc.unit() == null) {
      return null;
    }
    if (!type.isNumeric()) {
      problems.add(key + ".unit: only number columns have a unit; this one is " + type);
      return null;
    }
    try {
      return Unit.parse(doc.unit());
    } catch (PickValidationError e) {
      problems.add(key + ".unit: " + e.getMessage());
      return null;
    }
  }
}
