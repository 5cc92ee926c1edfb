package io.assay.report.body;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

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

  record DateValue(String iso) implements Segment {
    @Override
    public String shown() {
      return iso;
    }
  }

  record Quote(String text) implements Segment {
    @Override
    public String shown() {
      return text;
    }
  }
}
