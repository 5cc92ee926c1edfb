package io.assay.report.body;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.ChartData;
import java.util.List;
import java.util.Map;

/** A block of a report section. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
  @JsonSubTypes.Type(value = Block.Paragraph.class, name = "paragraph"),
  @JsonSubTypes.Type(value = Block.Chart.class, name = "chart"),
  @JsonSubTypes.Type(value = Block.Unanswered.class, name = "unanswered"),
  @JsonSubTypes.Type(value = Block.Evidence.class, name = "evidence")
})
public sealed interface Block {

  /** What a paragraph does for its section. */
  enum Role {
    /** States what the step found: the section's answer. */
    ANSWER,
    /** How the step got there: goal, path, data. */
    METHOD,
    /** What a person could try next. */
    NEXT
  }

  record Paragraph(String stepId, Role role, List<Sentence> sentences) implements Block {
    public Paragraph {
      sentences = List.copyOf(sentences);
    }
  }

  /**
   * A chart or table drawn from a Finding's dataset. {@code facts} maps each number the drawing
   * shows to its fact: {@code min} and {@code max} of a series' scale, {@code peak.i} of interval
   * i, {@code share.i}/{@code baseline.i}/{@code actual.i} of bar i, {@code cell.r.c} of a table.
   */
  record Chart(String stepId, ChartData data, Map<String, String> facts) implements Block {
    public Chart {
      facts = Map.copyOf(facts);
    }
  }

  /** Why (part of) the question is not answered: a step failed, found nothing, or never ran. */
  record Unanswered(String stepId, List<Sentence> sentences) implements Block {
    public Unanswered {
      sentences = List.copyOf(sentences);
    }
  }

  /** The accepted artifacts the section rests on. */
  record Evidence(List<ArtifactRef> refs) implements Block {
    public Evidence {
      refs = List.copyOf(refs);
    }
  }
}
