package io.assay.web.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every time a page shows is a {@code <time datetime>} element, which the page script rewrites in
 * the reader's own time zone with the zone named; a bare instant printed as text would stay in UTC
 * (or ISO) and nobody would know which.
 */
class LocalTimesTest {
  private static final Path TEMPLATES = Path.of("src", "main", "resources", "templates");
  private static final Pattern TIME_TAG = Pattern.compile("<time\\b[^>]*>");
  // An element printing a field named like an instant (createdAt, confirmedAt, builtAt ...).
  private static final Pattern INSTANT_TEXT =
      Pattern.compile("<(\\w+)\\b[^>]*th:text=\"\\$\\{[\\w.]*At\\}\"");

  @Test
  void everyTimeElementCarriesItsInstantAndNoInstantIsPrintedBare() throws IOException {
    List<String> problems = new ArrayList<>();
    try (Stream<Path> files = Files.walk(TEMPLATES)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".html")).toList()) {
        String html = Files.readString(file);
        Matcher time = TIME_TAG.matcher(html);
        while (time.find()) {
          if (!time.group().contains("datetime")) {
            problems.add(file.getFileName() + ": " + time.group());
          }
        }
        Matcher bare = INSTANT_TEXT.matcher(html);
        while (bare.find()) {
          if (!bare.group(1).equals("time")) {
            problems.add(file.getFileName() + ": " + bare.group());
          }
        }
      }
    }
    assertThat(problems).as("times a script cannot show in local time").isEmpty();
  }

  @Test
  void theCheckFindsABareInstantAndATimeWithoutItsInstant() {
    assertThat(INSTANT_TEXT.matcher("<td th:text=\"${r.confirmedAt}\">t</td>").find()).isTrue();
    assertThat(TIME_TAG.matcher("<time th:text=\"${x}\">").find()).isTrue();
    assertThat(INSTANT_TEXT.matcher("<td th:text=\"${r.status}\">t</td>").find()).isFalse();
  }
}
