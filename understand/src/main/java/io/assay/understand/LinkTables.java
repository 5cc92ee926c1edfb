package io.assay.understand;

import io.assay.recon.Recon;
import io.assay.recon.Relationship;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * Tables named for the tables they link ("book_author" links book and author): their name names no
 * rows of its own, and a verb read as one ("wrote") only says how the linked rows meet.
 */
public final class LinkTables {

  private LinkTables() {}

  /** The tables {@code table} links, when it is named for them; else none. */
  public static Set<String> linkedBy(Recon recon, String table) {
    String[] parts = table.split("_");
    if (parts.length < 2) {
      return Set.of();
    }
    Set<String> linked = new HashSet<>();
    for (Relationship r : recon.relationships()) {
      if (r.from().table().equals(table)) {
        linked.add(r.to().table());
      }
    }
    return Arrays.stream(parts).allMatch(linked::contains) ? Set.copyOf(linked) : Set.of();
  }
}
