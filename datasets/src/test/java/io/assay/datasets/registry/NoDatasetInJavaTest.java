package io.assay.datasets.registry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.assay.datasets.testing.TestWarehouse;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The second dataset was onboarded with YAML only: no main Java source of any module names Pagila
 * (or Sakila, which it ports) or one of its tables or columns. Names that are ordinary English
 * words code uses for its own purposes (a JSON key "name", a store of jobs) are not Pagila's; the
 * rest (film, rental, inventory, payment_date, …) are.
 */
class NoDatasetInJavaTest {

  /** Pagila column and table names that are ordinary words in any code base. */
  private static final Set<String> ORDINARY_WORDS =
      Set.of(
          "name",
          "amount",
          "district",
          "password",
          "email",
          "length",
          "description",
          "title",
          "store",
          "address",
          "username",
          "active",
          "category",
          "city",
          "country",
          "customer",
          "language",
          "payment",
          "phone",
          "picture",
          "rating",
          "staff");

  private static final Pattern WORD = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  @Test
  void noMainJavaSourceNamesTheSecondDatasetOrItsTablesOrColumns() throws IOException {
    Path root = TestWarehouse.assayRoot();
    Set<String> forbidden = pagilaNames(root.resolve("datasets/pagila/schema_docs.yaml"));
    forbidden.removeAll(ORDINARY_WORDS);
    forbidden.add("pagila");
    forbidden.add("sakila");
    assertThat(forbidden).contains("film", "rental", "inventory", "payment_date", "pagila");
    List<String> found = new ArrayList<>();
    List<Path> sources;
    try (Stream<Path> files = Files.walk(root)) {
      sources =
          files
              .filter(p -> p.toString().endsWith(".java"))
              .filter(p -> root.relativize(p).toString().matches("[^/]+/src/main/java/.*"))
              .toList();
    }
    assertThat(sources).hasSizeGreaterThan(100);
    for (Path p : sources) {
      String text = Files.readString(p);
      Matcher m = WORD.matcher(text);
      while (m.find()) {
        if (forbidden.contains(m.group().toLowerCase(Locale.ROOT))) {
          int line = (int) text.substring(0, m.start()).chars().filter(c -> c == '\n').count() + 1;
          found.add(root.relativize(p) + ":" + line + " " + m.group());
        }
      }
    }
    assertThat(found).as("Pagila names in main Java sources").isEmpty();
  }

  private static Set<String> pagilaNames(Path schemaDocs) throws IOException {
    JsonNode docs = new YAMLMapper().readTree(schemaDocs.toFile());
    Set<String> names = new HashSet<>();
    for (Iterator<String> tables = docs.get("tables").fieldNames(); tables.hasNext(); ) {
      String table = tables.next();
      names.add(table);
      JsonNode t = docs.get("tables").get(table);
      for (String part : List.of("columns", "computed")) {
        if (t.has(part)) {
          t.get(part).fieldNames().forEachRemaining(names::add);
        }
      }
    }
    return names;
  }
}
