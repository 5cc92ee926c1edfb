package io.assay.recon.compose;

import io.assay.pick.ColumnRef;
import io.assay.pick.PickValidationError;
import io.assay.recon.ColumnInfo;
import io.assay.recon.TableInfo;
import io.assay.recon.joins.JoinStep;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jooq.Condition;
import org.jooq.Field;
import org.jooq.Table;
import org.jooq.impl.DSL;

/** The tables, joins and per-table conditions of one SELECT (the main query or a subquery). */
final class QueryLevel {

  private final Lookup lk;
  final Scope scope;
  final JoinTree tree;
  final Map<String, List<Condition>> conditions = new LinkedHashMap<>();
  final List<String> joins = new ArrayList<>();

  QueryLevel(Lookup lk, String prefix, String root) {
    this.lk = lk;
    this.scope = new Scope(lk.recon.schema(), prefix);
    this.tree = new JoinTree(root);
  }

  void need(String table, boolean join, String why) {
    tree.add(lk.recon, table, join, why);
  }

  void where(String table, Condition c) {
    conditions.computeIfAbsent(table, k -> new ArrayList<>()).add(c);
  }

  Field<Object> field(ColumnInfo c) {
    return scope.field(c);
  }

  /** FROM root JOIN … with semi-joins added to {@code where}. */
  Table<?> from(List<Condition> where) {
    Table<?> from = scope.table(tree.root());
    where.addAll(conditions.getOrDefault(tree.root(), List.of()));
    return joinChildren(tree.root(), from, where);
  }

  Table<?> joinChildren(String table, Table<?> from, List<Condition> where) {
    Table<?> result = from;
    for (String child : tree.children(table)) {
      JoinStep step = tree.stepTo(child);
      if (tree.semiJoined(child)) {
        where.add(exists(child, joinCondition(step)));
        joins.add("exists " + describe(step));
      } else if (passThrough(child)) {
        // account in trans → account → loan, when only the loan matters: correlate the loan
        // with trans.account_id directly instead of joining account for nothing.
        for (String grandchild : tree.children(child)) {
          JoinStep inner = tree.stepTo(grandchild);
          ColumnInfo outerKey = lk.column(new ColumnRef(step.fromTable(), step.fromColumn()));
          ColumnInfo innerKey = lk.column(new ColumnRef(inner.toTable(), inner.toColumn()));
          where.add(exists(grandchild, scope.field(innerKey).eq(scope.field(outerKey))));
          joins.add(
              "exists "
                  + inner.toTable()
                  + " on "
                  + inner.toTable()
                  + "."
                  + inner.toColumn()
                  + " = "
                  + step.fromTable()
                  + "."
                  + step.fromColumn()
                  + " (through "
                  + child
                  + "."
                  + step.toColumn()
                  + ")");
        }
      } else {
        result = result.join(scope.table(child)).on(joinCondition(step));
        joins.add("join " + describe(step));
        where.addAll(conditions.getOrDefault(child, List.of()));
        result = joinChildren(child, result, where);
      }
    }
    return result;
  }

  /**
   * A many-to-one hop to a table that only leads to semi-joins on the very key it was joined by:
   * nothing of it is read, so it need not be joined.
   */
  boolean passThrough(String table) {
    JoinStep in = tree.stepTo(table);
    if (in.fansOut()
        || tree.joined(table)
        || conditions.containsKey(table)
        || tree.children(table).isEmpty()) {
      return false;
    }
    for (String child : tree.children(table)) {
      JoinStep out = tree.stepTo(child);
      if (!tree.semiJoined(child) || !out.fromColumn().equals(in.toColumn())) {
        return false;
      }
    }
    return true;
  }

  Condition exists(String head, Condition correlation) {
    List<Condition> inner = new ArrayList<>();
    inner.add(correlation);
    Table<?> sub = joinedFrom(head, inner);
    return DSL.exists(DSL.selectOne().from(sub).where(inner));
  }

  /** The tables from {@code head} down, joined; their conditions are added to {@code where}. */
  private Table<?> joinedFrom(String head, List<Condition> where) {
    Table<?> sub = scope.table(head);
    where.addAll(conditions.getOrDefault(head, List.of()));
    for (String t : tree.subtree(head)) {
      for (String child : tree.children(t)) {
        sub = sub.join(scope.table(child)).on(joinCondition(tree.stepTo(child)));
        where.addAll(conditions.getOrDefault(child, List.of()));
      }
    }
    return sub;
  }

  Condition joinCondition(JoinStep step) {
    ColumnInfo from = lk.column(new ColumnRef(step.fromTable(), step.fromColumn()));
    ColumnInfo to = lk.column(new ColumnRef(step.toTable(), step.toColumn()));
    return scope.field(to).eq(scope.field(from));
  }

  String describe(JoinStep s) {
    return s.toTable()
        + " on "
        + s.toTable()
        + "."
        + s.toColumn()
        + " = "
        + s.fromTable()
        + "."
        + s.fromColumn();
  }

  /**
   * How many distinct {@code target} rows this level reaches for the outer level's root row, as a
   * correlated sub-query; only where one join leads from the root into this level (the shape of
   * every declared relationship path), else a validation error.
   */
  Field<Integer> relatedRowCount(QueryLevel outer, TableInfo target) {
    String root = tree.root();
    String head = singleHead();
    List<String> key = target.primaryKey();
    if (head == null || key.size() != 1) {
      throw new PickValidationError(
          "rows of '"
              + target.name()
              + "' can be counted per '"
              + root
              + "' row only along one path of joins to a table with a one-column key");
    }
    List<Condition> inner = new ArrayList<>();
    inner.add(matchedToOuterRoot(head, outer));
    Table<?> sub = joinedFrom(head, inner);
    Field<Object> counted = scope.field(lk.column(new ColumnRef(target.name(), key.get(0))));
    return DSL.field(DSL.select(DSL.countDistinct(counted)).from(sub).where(inner));
  }

  /** The one child of the root everything hangs below, when the root itself has no condition. */
  private String singleHead() {
    List<String> heads = tree.children(tree.root());
    return heads.size() == 1 && !conditions.containsKey(tree.root()) ? heads.get(0) : null;
  }

  /** The child's join key equal to the outer root row's: the root itself is not read again. */
  private Condition matchedToOuterRoot(String head, QueryLevel outer) {
    JoinStep step = tree.stepTo(head);
    ColumnInfo outerKey = lk.column(new ColumnRef(step.fromTable(), step.fromColumn()));
    ColumnInfo innerKey = lk.column(new ColumnRef(step.toTable(), step.toColumn()));
    return scope.field(innerKey).eq(outer.field(outerKey));
  }

  /**
   * EXISTS over this level's tables below its root, correlated with the root row of {@code outer}
   * (a level with the same root). When everything hangs below one child of the root, the root is
   * not read again (the child is matched by the join key); otherwise the root is joined again and
   * matched by its primary key.
   */
  Condition relatedRows(QueryLevel outer) {
    String root = tree.root();
    String head = singleHead();
    if (head != null) {
      return exists(head, matchedToOuterRoot(head, outer));
    }
    List<String> key = lk.table(root).primaryKey();
    if (key.isEmpty()) {
      throw new PickValidationError(
          "'"
              + root
              + "' has no primary key, so its related rows cannot be matched to it; declare one"
              + " in the dataset YAML");
    }
    List<Condition> where = new ArrayList<>();
    for (String k : key) {
      ColumnInfo c = lk.column(new ColumnRef(root, k));
      where.add(scope.field(c).eq(outer.field(c)));
    }
    Table<?> from = from(where);
    return DSL.exists(DSL.selectOne().from(from).where(where));
  }
}
