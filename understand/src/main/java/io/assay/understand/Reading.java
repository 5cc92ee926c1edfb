package io.assay.understand;

import io.assay.contract.plan.Clarification;
import io.assay.pick.Pick;
import java.util.List;
import java.util.Set;

/**
 * What the reader made of a question: a Pick it is sure of, a question back with concrete options,
 * or an abstention that says what it could not place. {@code notes} record how each part of the
 * question was read, for the understanding's recorded reason.
 */
public sealed interface Reading {

  List<String> notes();

  /** Words of the question that named nothing in the data and changed no operator. */
  List<String> notUsed();

  /** The question maps to this Pick; {@code analyses} are the analysis cues found in it. */
  record Understood(
      Pick pick, Frame frame, Set<AnalysisCue> analyses, List<String> notes, List<String> notUsed)
      implements Reading {
    public Understood {
      analyses = Set.copyOf(analyses);
      notes = List.copyOf(notes);
      notUsed = List.copyOf(notUsed);
    }
  }

  /** A word or scope is ambiguous: ask, with options from recon. */
  record Ambiguous(
      Clarification clarification,
      Set<AnalysisCue> analyses,
      List<String> notes,
      List<String> notUsed)
      implements Reading {
    public Ambiguous {
      analyses = Set.copyOf(analyses);
      notes = List.copyOf(notes);
      notUsed = List.copyOf(notUsed);
    }
  }

  /** The reader will not guess: {@code problems} say what it could not place. */
  record Abstained(String reason, List<String> problems, List<String> notes, List<String> notUsed)
      implements Reading {
    public Abstained {
      problems = List.copyOf(problems);
      notes = List.copyOf(notes);
      notUsed = List.copyOf(notUsed);
    }
  }
}
