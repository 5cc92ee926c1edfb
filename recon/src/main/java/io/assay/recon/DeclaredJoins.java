package io.assay.recon;

import io.assay.recon.joins.JoinGraph;
import io.assay.recon.joins.JoinPath;
import io.assay.recon.joins.PreferredPath;
import io.assay.recon.schema.ColumnType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * How the tables join: the relationships and preferred paths {@code schema_docs.yaml} declares and
 * the join graph built from them. They are checked together because the graph is where a missing
 * preferred path shows (two equally short paths between two tables), and the composer needs exactly
 * one path for every pair it joins.
 *
 * @param preferred the preferred paths as declared, each from one end through its via tables to the
 *     other
 */
record DeclaredJoins(
    List<Relationship> relationships, List<PreferredPath> preferred, JoinGraph graph) {

  private static final String SCHEMA_DOCS = ReconAssembler.SCHEMA_DOCS;

  /** The joins {@code docs} declares between {@code tables}; problems go to {@code problems}. */
  static DeclaredJoins of(
      YamlFiles.SchemaDocs docs, Map<String, TableInfo> tables, List<String> problems) {
    List<Relationship> relationships = relationships(docs, tables, problems);
    List<PreferredPath> preferred = preferredPaths(docs, problems);
    JoinGraph graph = new JoinGraph(tables.keySet(), relationships, preferred);
    graph.problems().forEach(p -> problems.add(SCHEMA_DOCS + ": " + p));
    for (Map.Entry<String, List<JoinPath>> e : graph.ambiguous().entrySet()) {
      problems.add(
          SCHEMA_DOCS
              + ": preferred_paths: tables "
              + e.getKey()
              + " are joined by "
              + e.getValue().size()
              + " equally short paths ("
              + e.getValue().stream().map(JoinPath::toString).collect(Collectors.joining("; "))
              + ") — add a preferred_paths entry saying which one is meant");
    }
    return new DeclaredJoins(relationships, preferred, graph);
  }

  private static List<PreferredPath> preferredPaths(
      YamlFiles.SchemaDocs docs, List<String> problems) {
    List<PreferredPath> preferred = new ArrayList<>();
    List<YamlFiles.PreferredPathDoc> ppDocs =
        docs.preferredPaths() == null ? List.of() : docs.preferredPaths();
    for (int i = 0; i < ppDocs.size(); i++) {
      YamlFiles.PreferredPathDoc p = ppDocs.get(i);
      String key = SCHEMA_DOCS + ": preferred_paths[" + i + "]";
      if (p.between() == null || p.between().size() != 2) {
        problems.add(key + ".between: name exactly two tables, e.g. [account, client]");
        continue;
      }
      List<String> path = new ArrayList<>();
      path.add(p.between().get(0));
      if (p.via() != null) {
        path.addAll(p.via());
      }
      path.add(p.between().get(1));
      preferred.add(new PreferredPath(path, p.why()));
    }
    return preferred;
  }

  private static List<Relationship> relationships(
      YamlFiles.SchemaDocs docs, Map<String, TableInfo> tables, List<String> problems) {
    List<Relationship> out = new ArrayList<>();
    List<YamlFiles.RelationshipDoc> rels =
        docs.relationships() == null ? List.of() : docs.relationships();
    for (int i = 0; i < rels.size(); i++) {
      YamlFiles.RelationshipDoc r = rels.get(i);
      String key = SCHEMA_DOCS + ": relationships[" + i + "]";
      if (r.from() == null || r.to() == null) {
        problems.add(key + ": needs both from and to (table.column)");
        continue;
      }
      ColumnInfo from = SchemaTables.column(tables, r.from(), key + ".from", problems);
      ColumnInfo to = SchemaTables.column(tables, r.to(), key + ".to", problems);
      if (from == null || to == null) {
        continue;
      }
      TableInfo toTable = tables.get(to.table());
      if (!toTable.primaryKey().isEmpty() && !toTable.primaryKey().equals(List.of(to.name()))) {
        problems.add(
            key
                + ".to: '"
                + r.to()
                + "' is not the primary key of '"
                + to.table()
                + "' "
                + toTable.primaryKey()
                + "; `to` is the one side of the relationship");
        continue;
      }
      if (from.table().equals(to.table())) {
        problems.add(key + ": a table cannot join itself here");
        continue;
      }
      if (!compatible(from.type(), to.type())) {
        problems.add(
            key
                + ": cannot join "
                + from.type().name().toLowerCase()
                + " column '"
                + r.from()
                + "' to "
                + to.type().name().toLowerCase()
                + " column '"
                + r.to()
                + "'");
        continue;
      }
      out.add(new Relationship(from.ref(), to.ref(), r.description()));
    }
    return out;
  }

  private static boolean compatible(ColumnType a, ColumnType b) {
    return a == b || (a.isIntegral() && b.isIntegral());
  }
}
