package io.assay.recon;

import io.assay.pick.ColumnRef;
import io.assay.pick.PickValidationError;
import io.assay.pick.Value;
import io.assay.recon.schema.ColumnType;
import io.assay.recon.schema.SchemaSnapshot;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The code lists of {@code codes.yaml}: what each stored value of a text column means. A list is
 * compared with the values introspection found, but a mismatch is only a warning: data changes
 * between loads, and a list that is slightly out of date still explains the values it names.
 */
final class CodeLists {

  private static final String CODES = ReconAssembler.CODES;

  private CodeLists() {}

  /**
   * The code list of each column {@code doc} names; problems go to {@code problems}, values the
   * list and the data disagree on to {@code warnings}.
   */
  static Map<ColumnRef, CodeList> of(
      YamlFiles.Codes doc,
      Map<String, TableInfo> tables,
      SchemaSnapshot snapshot,
      List<String> problems,
      List<String> warnings) {
    Map<ColumnRef, CodeList> out = new LinkedHashMap<>();
    for (Map.Entry<String, YamlFiles.CodeColumnDoc> e : doc.columns().entrySet()) {
      String key = CODES + ": columns." + e.getKey();
      ColumnRef ref;
      try {
        ref = ColumnRef.parse(e.getKey());
      } catch (PickValidationError ex) {
        problems.add(key + ": " + ex.getMessage());
        continue;
      }
      ColumnInfo col = SchemaTables.column(tables, ref, key, problems);
      if (col == null) {
        continue;
      }
      boolean flag = col.type() == ColumnType.BOOLEAN || col.type().isIntegral();
      if (col.type() != ColumnType.TEXT && !flag) {
        problems.add(
            key
                + ": code lists are for text, whole-number or true/false columns; this one is "
                + col.sqlType());
        continue;
      }
      YamlFiles.CodeColumnDoc c = e.getValue();
      if (c == null || c.values() == null || c.values().isEmpty()) {
        problems.add(key + ".values: missing or empty");
        continue;
      }
      List<CodeList.Code> values = new ArrayList<>();
      c.values()
          .forEach(
              (v, d) -> {
                if (d == null || d.meaning() == null || d.meaning().isBlank()) {
                  problems.add(key + ".values." + v + ".meaning: missing");
                } else if (flag && col.valueOf(v) instanceof Value.Text) {
                  problems.add(
                      key + ".values." + v + ": not a value of a " + col.sqlType() + " column");
                } else {
                  values.add(new CodeList.Code(v, d.meaning(), d.words()));
                }
              });
      boolean closed = Boolean.TRUE.equals(c.closed());
      List<String> stored = snapshot.textValues().get(ref.toString());
      if (stored != null) {
        Set<String> declared =
            values.stream().map(CodeList.Code::value).collect(Collectors.toSet());
        if (closed) {
          for (String s : stored) {
            if (!declared.contains(s)) {
              warnings.add(
                  key
                      + ": the closed list does not explain stored value '"
                      + s
                      + "' (still valid)");
            }
          }
        }
        for (String d : declared) {
          if (!stored.contains(d)) {
            warnings.add(key + ".values." + d + ": not present in the data");
          }
        }
      }
      out.put(ref, new CodeList(ref, closed, values));
    }
    return out;
  }
}
