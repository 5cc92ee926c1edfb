package io.assay.report.body;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.assay.report.words.Periods;

/**
 * A piece of a sentence. Only a {@link FactValue} may show a figure; a {@link DateValue} shows an
 * ISO date; a {@link Quote} reproduces recorded text verbatim (a question, a label, an error).
 * Plain {@link Text} is the report's own wording and must contain no digits at all.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
  @JsonSubTypes.Type(value = Segment.Text.class, name = "text"),
  @JsonSubTypes.Type(value = Segment.FactValue.class, name = "fact"),
  @JsonSubTypes.Type(value = Segment.DateValue.class, name = "date"),
  @JsonSubTypes.Type(value = Segment.Quote.class, name = "quote")
})
public sealed interface Segment {

  /** What a reader sees for this segment. */
  String shown();

  record Text(String text) implements Segment {
    @Override
    public String shown() {
      return text;
    }
  }

  /**
   * A fact's number as written in this sentence. The text is frozen with the body, and the drift
   * check requires it to equal the fact's value within the rounding it shows.
   */
  record FactValue(String factId, String text) implements Segment {
    @Override
    public String shown() {
      return text;
    }
  }

  /**
   * A date or period; {@code grain} (day, week, month, quarter, year, or null) says how much of the
   * ISO date people read: {@code 1997-06-01} at month grain reads "June 1997".
   */
  record DateValue(String iso, String grain) implements Segment {
    public DateValue(String iso) {
      this(iso, null);
    }

    @Override
    public String shown() {
      return Periods.show(iso, Periods.Grain.of(grain));
    }
  }

  record Quote(String text) implements Segment {
    @Override
    public String shown() {
      return text;
    }
  }
}
