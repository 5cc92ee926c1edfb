package io.assay.understand.rules;

import io.assay.recon.TableInfo;
import io.assay.understand.Cue;
import io.assay.understand.English;
import io.assay.understand.Mention;
import io.assay.understand.Target;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * "Who is the owner of …", "who placed the order …": "who" asks for people. When no table of people
 * follows it, the answer lists the one table of people the question names elsewhere, or else the
 * dataset's only one, as if it had been named after "who". A table is of people when WordNet files
 * its noun among persons ("client", "customer"). With two or more candidates, or when a value of
 * the people's own table is named (their noun may be inside that phrase), nothing is chosen.
 */
final class WhoAsksForAPerson implements Rule {

  @Override
  public void apply(Draft d) {
    if (d.items.isEmpty()
        || !(d.at(0) instanceof Cue who)
        || who.kind() != Cue.Kind.LIST
        || !who.text().toLowerCase(Locale.ROOT).startsWith("who")) {
      return;
    }
    if (AnswerForm.listingStart(d) >= 0) {
      return; // "who are the clients …", "who are the account holders …" name what is listed
    }
    Set<String> named = new LinkedHashSet<>();
    for (Mention m : d.scan.mentions) {
      String t = person(d, m);
      if (t != null) {
        named.add(t);
      }
    }
    List<String> people = new ArrayList<>(named);
    if (people.isEmpty()) {
      for (TableInfo t : d.recon.tables()) {
        if (isPerson(t.name())) {
          people.add(t.name());
        }
      }
    }
    if (people.size() != 1 || d.schema.primaryKey(people.get(0)) == null) {
      return;
    }
    String table = people.get(0);
    boolean describedPeople =
        d.scan.mentions.stream()
            .flatMap(m -> m.all(Target.Value.class).stream())
            .anyMatch(v -> v.column().table().equals(table));
    if (describedPeople) {
      // "who are the female account holders …": the people are named inside a phrase of values
      // the reader did not split; implying them again could drop what that phrase held
      return;
    }
    Mention implied =
        new Mention(who.last(), who.last(), table, List.of(new Target.Table(table)), false);
    d.items.add(1, new Item(who.last(), who.last(), implied));
    d.note("'" + who.text() + "' → the " + table + " asked about");
  }

  /** The table of people a phrase names, or null. */
  private static String person(Draft d, Mention m) {
    if (!m.has(Target.Table.class) || m.has(Target.Value.class)) {
      return null;
    }
    String t = m.one(Target.Table.class).table();
    return isPerson(t) ? t : null;
  }

  private static boolean isPerson(String table) {
    String noun = table.substring(table.lastIndexOf('_') + 1);
    English.WordSense s = English.shared().lookup(noun);
    return s.dominant() == English.PartOfSpeech.NOUN && s.classes().contains("noun.person");
  }
}
