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
  private final Labels labels;
  private final List<Segment> segments = new ArrayList<>();
  private final Set<String> factIds = new LinkedHashSet<>();

  SentenceBuilder(String id, Labels labels) {
    this.id = id;
    this.labels = labels;
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

  /**
   * An analysis by its own display name ("the drill-down step"), as a sentence shows it where it
   * stands; a name with digits is quoted, as recorded.
   */
  SentenceBuilder analysis(String id) {
    String words = labels.analysis(id);
    if (words.chars().anyMatch(Character::isDigit)) {
      return quote(id);
    }
    return text(midSentence() ? Labels.midSentence(words) : Labels.sentenceStart(words));
  }

  /**
   * A label of the analysis's statement ("{label:…}"): a dataset's label in words lowered inside a
   * sentence and capitalised at its start (a raw name takes its case when rendered); a code value
   * or any other text as written.
   */
  SentenceBuilder label(String text) {
    if (labels.isLabel(text) && !labels.knows(text)) {
      return quote(midSentence() ? Labels.midSentence(text) : Labels.sentenceStart(text));
    }
    return quote(text);
  }

  /** Whether what is written so far leaves the next word inside the sentence. */
  private boolean midSentence() {
    StringBuilder before = new StringBuilder();
    segments.forEach(g -> before.append(g.shown()));
    return Labels.midSentenceAfter(before.toString());
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
