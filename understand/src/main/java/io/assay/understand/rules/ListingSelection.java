package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.Projection;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Scan;
import io.assay.understand.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * "list the IDs and age of the clients", "which 3 districts …": the columns a listing shows, each
 * attribute of the entity named last, an entity alone shown by its label.
 */
final class ListingSelection implements Rule {

  private static final Set<String> LIST_WORDS =
      Set.of("and", "of", "the", "a", "an", "their", "its");

  @Override
  public void apply(Draft d) {
    int start = AnswerForm.listingStart(d);
    int before = start - 1;
    while (AnswerForm.rankingAdjective(d, before) || AnswerForm.valueBeforeNoun(d, before)) {
      before--;
    }
    if (d.at(before) instanceof Scan.Number n && n.countsRows()) {
      // "which 3 districts …": the number of rows wanted
      d.use(n);
      d.listCount = n.value().intValueExact();
      d.note("'" + n.text() + "' → keep " + d.listCount + " rows");
    }
    Cue list = null;
    for (int k = start - 1; k >= 0; k--) {
      if (d.at(k) instanceof Cue c && c.kind() == Kind.LIST) {
        list = c;
        break;
      }
    }
    d.use(list);
    List<Mention> attributes = new ArrayList<>();
    int k = start;
    while (d.at(k) instanceof Mention m
        && AnswerForm.selectable(m)
        // "which members borrowed the book …": a verb after the rows says what they did
        && !(k > start && d.aVerb(m))
        // "loans in 1997": the time read the noun as its context, and the noun is still listed
        && (!d.isUsed(m) || k == start && d.schema.namesOnlyATable(m))) {
      attributes.add(m);
      if (k + 1 >= d.items.size() || !connectedByListWords(d, d.items.get(k), d.items.get(k + 1))) {
        break;
      }
      k++;
    }
    if (attributes.isEmpty()) {
      d.problem("nothing to list was found after '" + d.scan.words(0, 0) + "'");
      return;
    }
    if (d.listCount == null) {
      countOfListedRows(d, d.indexOf(attributes.get(attributes.size() - 1)));
    }
    // "the IDs and age of the client": the last table is the entity the attributes belong to.
    String entity = null;
    Mention last = attributes.get(attributes.size() - 1);
    if (last.has(Target.Table.class) && attributes.size() > 1) {
      entity = last.one(Target.Table.class).table();
      d.use(last);
      attributes.remove(attributes.size() - 1);
    }
    for (int j = 0; j < attributes.size(); j++) {
      Mention m = attributes.get(j);
      d.use(m);
      String owner = entity;
      Mention next = j + 1 < attributes.size() ? attributes.get(j + 1) : null;
      if (ownedIdentifier(m, next)) {
        // "the disposition id", "the account ID": the noun names whose key is listed, one column
        owner = m.one(Target.Table.class).table();
        m = next;
        d.use(m);
        j++;
      }
      Projection p = projection(d, m, owner);
      if (p != null && attributes.size() == 1 && compared(d, p)) {
        p = comparedRows(d, m);
      }
      if (p == null) {
        return;
      }
      for (Projection q : attributes.size() == 1 ? withLabel(d, m, p) : List.of(p)) {
        if (d.select.contains(q)) {
          // "the clients' IDs": the entity and its identifier name one column
          continue;
        }
        d.select.add(q);
        d.note("'" + m.text() + "' → list " + Describe.projection(q));
      }
    }
  }

  /**
   * "the IDs of the 3 clients with …", "the names of the 2 oldest clients": a whole number between
   * the attributes listed and the entity they belong to is how many rows the list keeps, when only
   * "of the" comes before it and only phrases already read (a value, a ranking adjective) stand
   * between it and the entity's noun.
   */
  private static void countOfListedRows(Draft d, int lastAttribute) {
    int k = lastAttribute + 1;
    if (!(d.at(k) instanceof Scan.Number n)
        || d.isUsed(n)
        || !n.countsRows()
        || !onlyListWords(d, d.item(lastAttribute).last(), n.token())) {
      return;
    }
    int e = k + 1;
    while (d.at(e) instanceof Mention m && d.isUsed(m) && !m.has(Target.Table.class)) {
      e++;
    }
    if (!(d.at(e) instanceof Mention entity) || !entity.has(Target.Table.class)) {
      return;
    }
    d.use(n);
    d.listCount = n.value().intValueExact();
    d.note("'" + n.text() + " " + entity.text() + "' → keep " + d.listCount + " rows");
  }

  /** Whether a comparison of the question filters the one column a listing would show. */
  private static boolean compared(Draft d, Projection p) {
    return p instanceof Projection.Column c
        && d.filters.stream()
            .anyMatch(f -> f instanceof Filter.Compare && c.column().equals(f.column()));
  }

  /**
   * "loans with a duration above 24 months", "which loans have a duration of more than 36 months":
   * the column is the condition the comparison puts on the rows, so the rows are what is listed (by
   * their label); without a table named in the phrase there is nothing to list.
   */
  private static Projection comparedRows(Draft d, Mention m) {
    Target.Table t = m.one(Target.Table.class);
    ColumnRef label = t == null ? null : d.schema.labelColumn(t.table());
    if (label == null) {
      d.problem("'" + m.text() + "' is compared, not listed: list what?");
      return null;
    }
    return new Projection.Column(label, null);
  }

  /** Whether only list words stand strictly between two tokens. */
  private static boolean onlyListWords(Draft d, int after, int before) {
    for (int t = after + 1; t < before; t++) {
      if (!LIST_WORDS.contains(d.scan.tokens.get(t).norm())) {
        return false;
      }
    }
    return true;
  }

  /** A table's noun right before an identifier word: "disposition id". */
  private static boolean ownedIdentifier(Mention m, Mention next) {
    return next != null
        && m.has(Target.Table.class)
        && !m.has(Target.Identifier.class)
        && next.has(Target.Identifier.class)
        && next.first() == m.last() + 1;
  }

  /** Whether only "and", commas, "of" and articles separate two listed attributes. */
  private static boolean connectedByListWords(Draft d, Item a, Item b) {
    if (!(b.what() instanceof Mention)) {
      return false;
    }
    for (int t = a.last() + 1; t < b.first(); t++) {
      if (!LIST_WORDS.contains(d.scan.tokens.get(t).norm())) {
        return false;
      }
    }
    return true;
  }

  private static Projection projection(Draft d, Mention m, String entity) {
    if (m.has(Target.YearsSince.class)) {
      Target.YearsSince y = m.one(Target.YearsSince.class);
      if (entity != null && !entity.equals(y.column().table())) {
        d.problem("'" + m.text() + "' is known for " + y.column().table() + ", not " + entity);
        return null;
      }
      return new Projection.YearsSince(y.column(), null, y.name());
    }
    if (m.has(Target.Identifier.class)) {
      if (entity == null) {
        // "the clients' IDs", "IDs of the female clients": the nearest entity noun owns them
        entity = nearestEntity(d, m);
      }
      if (entity == null) {
        d.problem("'" + m.text() + "': identifiers of what?");
        return null;
      }
      ColumnRef key = d.schema.primaryKey(entity);
      return key == null ? null : new Projection.Column(key, null);
    }
    List<ColumnRef> columns = columnsOf(m);
    String named = namesOfOtherRows(d, m, columns, entity);
    if (named != null) {
      // "the names of the customers": no column of theirs is called so, and their name is what
      // names them (the column that names a row)
      ColumnRef label = d.schema.labelColumn(named);
      return label == null ? null : new Projection.Column(label, null);
    }
    if (!columns.isEmpty() && (!m.has(Target.Table.class) || entity != null)) {
      ColumnRef c = d.schema.disambiguate(m, columns);
      return c == null ? null : new Projection.Column(c, null);
    }
    Target.Table t = m.one(Target.Table.class);
    if (t != null) {
      ColumnRef c = d.schema.labelColumn(t.table());
      return c == null ? null : new Projection.Column(c, null);
    }
    d.problem("cannot list '" + m.text() + "'");
    return null;
  }

  /**
   * The table whose rows a phrase of "name" words asks the names of ("the names of the customers")
   * when none of the columns it may mean belongs to them; else null.
   */
  private static String namesOfOtherRows(
      Draft d, Mention m, List<ColumnRef> columns, String entity) {
    if (columns.isEmpty()
        || m.has(Target.Table.class)
        || !NAME_WORDS.contains(d.scan.tokens.get(m.last()).norm())) {
      return null;
    }
    Mention nearest = entity != null ? null : nearestEntityPhrase(d, m);
    String rows =
        entity != null ? entity : nearest == null ? null : nearest.one(Target.Table.class).table();
    if (rows == null || columns.stream().anyMatch(c -> c.table().equals(rows))) {
      return null;
    }
    if (nearest != null) {
      d.use(nearest);
    }
    return rows;
  }

  /** Words asking what rows are called. */
  private static final Set<String> NAME_WORDS = Set.of("name", "names");

  /**
   * "which customers …": a row is shown by all the columns that name it for people (first and last
   * name), as a person would read it; the key stands in only when the table has no label.
   */
  private static List<Projection> withLabel(Draft d, Mention m, Projection p) {
    Target.Table t = m.one(Target.Table.class);
    // a phrase naming no table whose listed column is none of its own was read as the label of
    // the rows it asks the names of ("the names of the customers")
    String table =
        t != null
            ? t.table()
            : p instanceof Projection.Column c && !columnsOf(m).contains(c.column())
                ? c.column().table()
                : null;
    if (table == null
        || m.has(Target.Identifier.class)
        || !(p instanceof Projection.Column c)
        || !c.column().equals(d.schema.labelColumn(table))) {
      return List.of(p);
    }
    return d.schema.labelColumns(table).stream()
        .<Projection>map(x -> new Projection.Column(x, null))
        .toList();
  }

  private static List<ColumnRef> columnsOf(Mention m) {
    return m.all(Target.Column.class).stream().map(Target.Column::column).toList();
  }

  /** The table named by the entity noun closest to {@code m}, at most six words away. */
  private static String nearestEntity(Draft d, Mention m) {
    Mention best = nearestEntityPhrase(d, m);
    if (best == null) {
      return null;
    }
    d.use(best);
    return best.one(Target.Table.class).table();
  }

  /** The phrase naming a table closest to {@code m}, at most six words away, or null. */
  private static Mention nearestEntityPhrase(Draft d, Mention m) {
    Mention best = null;
    int bestDistance = 7;
    for (Mention o : d.scan.mentions) {
      if (o == m || !d.schema.namesOnlyATable(o)) {
        continue;
      }
      int dist = o.first() > m.last() ? o.first() - m.last() : m.first() - o.last();
      if (dist > 0 && dist < bestDistance) {
        best = o;
        bestDistance = dist;
      }
    }
    return best;
  }
}
