package io.assay.analyses;

import java.util.Arrays;
import java.util.List;

/**
 * The words of a question that call for an analysis ("unusual", "drill down"), which the
 * deterministic reader looks for. An analysis declares them, so the reader holds no list of
 * analyses of its own.
 *
 * @param cues each cue the analysis answers, in the order the reader should know them
 */
public record CueWords(List<Cue> cues) {

  /** An analysis no question names by a word (it is planned as another's fallback, or never). */
  public static final CueWords NONE = new CueWords(List.of());

  /**
   * One cue: its upper-case {@code name} ("ANOMALY"), when to choose it in general words (the model
   * reader's prompt) and the phrases that carry it, one or more words each.
   */
  public record Cue(String name, String means, List<String> phrases) {
    public Cue {
      if (name == null || !name.matches("[A-Z][A-Z0-9_]*")) {
        throw new IllegalArgumentException("a cue name is UPPER_SNAKE_CASE: " + name);
      }
      phrases = List.copyOf(phrases);
    }

    public static Cue of(String name, String means, String... phrases) {
      return new Cue(name, means, Arrays.asList(phrases));
    }
  }

  public CueWords {
    cues = List.copyOf(cues);
  }

  public static CueWords of(Cue... cues) {
    return new CueWords(Arrays.asList(cues));
  }
}
