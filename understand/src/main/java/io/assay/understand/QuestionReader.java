package io.assay.understand;

import io.assay.contract.plan.ClarificationAnswer;
import io.assay.recon.ColumnInfo;
import io.assay.recon.Recon;
import io.assay.recon.TableInfo;
import io.assay.understand.rules.PickAssembler;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Question understanding without an LLM: a question (and optional hint text) becomes a {@link
 * Reading} — a Pick, a clarification with options from recon, or an abstention with its reason.
 * Built once per recon (the lexicon and the embedding index are precomputed); thread-safe.
 */
public final class QuestionReader {

  private final Recon recon;
  private final LexiconFile file;
  private final Lexicon lexicon;
  private final SemanticIndex semantic;
  private final UnexplainedWords unexplained;
  private final LocalDate latest;

  /**
   * @param semantic fuzzy matching by embeddings, or null to use the lexicon alone
   */
  public QuestionReader(Recon recon, LexiconFile file, SemanticIndex semantic) {
    this.recon = recon;
    this.file = file;
    this.lexicon = new Lexicon(recon, file);
    this.semantic = semantic;
    this.unexplained = new UnexplainedWords(lexicon, English.shared());
    this.latest = latestDate(recon);
  }

  /** A reader with the dataset's lexicon file and the in-process MiniLM index. */
  public static QuestionReader standard(Recon recon) {
    return new QuestionReader(
        recon, LexiconFile.of(recon), SemanticIndex.build(recon, SemanticIndex.miniLm()));
  }

  public Recon recon() {
    return recon;
  }

  public LexiconFile lexiconFile() {
    return file;
  }

  /** The data's latest date, which "last quarter" is relative to (null for an empty dataset). */
  public LocalDate latestDate() {
    return latest;
  }

  /** Reads one question. */
  public Reading read(String question, String hint, List<ClarificationAnswer> answers) {
    if (question == null || question.isBlank()) {
      return new Reading.Abstained(
          "the question is empty", List.of("the question is empty"), List.of(), List.of());
    }
    Map<String, String> byId = new LinkedHashMap<>();
    if (answers != null) {
      for (ClarificationAnswer a : answers) {
        byId.put(a.clarificationId(), a.value());
      }
    }
    Scan scan;
    try {
      scan = scan(question, hint);
    } catch (IllegalArgumentException e) {
      // an impossible date ("2/30/1997") is the person's to fix
      return new Reading.Abstained(e.getMessage(), List.of(e.getMessage()), List.of(), List.of());
    }
    Reading r = PickAssembler.assemble(scan, recon, file, byId);
    if (r instanceof Reading.Abstained a && semantic != null && !scan.unknown.isEmpty()) {
      return withSuggestions(a, scan);
    }
    return r;
  }

  /**
   * The question cut into what this reader recognises: the input of the reading rules.
   *
   * @throws IllegalArgumentException for an impossible date ("2/30/1997")
   */
  public Scan scan(String question, String hint) {
    return Scan.of(
        question, lexicon, EvidenceHints.read(hint, recon, lexicon), latest, semantic, unexplained);
  }

  /** Adds "did you mean" suggestions from the embedding index for the unknown words. */
  private Reading withSuggestions(Reading.Abstained a, Scan scan) {
    List<String> problems = new java.util.ArrayList<>(a.problems());
    for (List<Token> run : SemanticIndex.runs(scan.tokens, scan.unknown)) {
      String text = scan.words(run.get(0).index(), run.get(run.size() - 1).index());
      List<String> close =
          semantic.nearest(text, 3).stream()
              .filter(s -> s.score() >= SemanticIndex.SUGGEST)
              .map(SemanticIndex.Scored::name)
              .toList();
      if (!close.isEmpty()) {
        problems.add(
            "'"
                + text
                + "' is not a word of the "
                + recon.dataset()
                + " dataset — closest in meaning: "
                + String.join(", ", close));
      }
    }
    return new Reading.Abstained(a.reason(), problems, a.notes(), a.notUsed());
  }

  private static LocalDate latestDate(Recon recon) {
    LocalDate max = null;
    for (TableInfo t : recon.tables()) {
      for (ColumnInfo c : t.columns()) {
        if (!c.type().isTemporal()) {
          continue;
        }
        LocalDate d = recon.dateRange(c.ref()).map(r -> r.max()).orElse(null);
        if (d != null && (max == null || d.isAfter(max))) {
          max = d;
        }
      }
    }
    return max;
  }
}
