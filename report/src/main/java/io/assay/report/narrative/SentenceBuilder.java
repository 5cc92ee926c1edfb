package io.assay.report.narrative;

import io.assay.report.body.Fact;
import io.assay.report.body.Segment;
import io.assay.report.body.Sentence;
import io.assay.report.words.Labels;
import io.assay.report.words.Periods;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Assembles a sentence from segments, binding every fact it shows. */
final class SentenceBuilder {
  private final String id;
  private final List<Segment> segments = new ArrayList<>();
  private final Set<String> factIds = new LinkedHashSet<>();

  SentenceBuilder(String id) {
    this.id = id;
  }

  SentenceBuilder text(String text) {
    if (!text.isEmpty()) {
      segments.add(new Segment.Text(text));
    }
    return this;
  }

  SentenceBuilder quote(String text) {
    segments.add(new Segment.Quote(text));
    return this;
  }

  /** An analysis by its name in words; a name with digits is quoted, as recorded. */
  SentenceBuilder analysis(String id) {
    String words = Labels.analysis(id);
    return words.chars().anyMatch(Character::isDigit) ? quote(id) : text(words);
  }

  SentenceBuilder date(String iso) {
    return date(iso, null);
  }

  /**
   * A date read at {@code grain} when it fits the date (a month grain only on a month's first day).
   */
  SentenceBuilder date(String iso, Periods.Grain grain) {
    segments.add(
        new Segment.DateValue(
            iso, grain != null && Periods.fits(iso, grain) ? grain.word() : null));
    return this;
  }

  /** The fact's number, then its unit when it has one. */
  SentenceBuilder fact(Fact fact) {
    segments.add(new Segment.FactValue(fact.id(), fact.display()));
    if (!fact.unit().isEmpty()) {
      segments.add(new Segment.Text(" "));
      segments.add(new Segment.Quote(fact.unit()));
    }
    factIds.add(fact.id());
    return this;
  }

  /** Ends with a full stop unless the last segment already ends a sentence. */
  Sentence end() {
    String last = segments.isEmpty() ? "" : segments.get(segments.size() - 1).shown();
    if (!(last.endsWith(".") || last.endsWith("?") || last.endsWith("!"))) {
      segments.add(new Segment.Text("."));
    }
    return new Sentence(id, segments, List.copyOf(factIds));
  }
}
