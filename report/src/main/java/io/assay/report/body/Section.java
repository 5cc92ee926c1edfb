package io.assay.report.body;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** The answer to one plan question: its facts and the blocks that present them. */
public record Section(
    String id,
    String questionId,
    String question,
    List<String> stepIds,
    List<Fact> facts,
    List<Block> blocks) {

  public Section {
    stepIds = List.copyOf(stepIds);
    facts = List.copyOf(facts);
    blocks = List.copyOf(blocks);
  }

  public Optional<Fact> fact(String factId) {
    return facts.stream().filter(f -> f.id().equals(factId)).findFirst();
  }

  /** Every sentence of every paragraph and unanswered block, in order. */
  public List<Sentence> sentences() {
    return blocks.stream()
        .flatMap(
            b -> {
              if (b instanceof Block.Paragraph p) {
                return p.sentences().stream();
              }
              if (b instanceof Block.Unanswered u) {
                return u.sentences().stream();
              }
              return Stream.empty();
            })
        .toList();
  }

  public Section withBlocks(List<Block> newBlocks) {
    return new Section(id, questionId, question, stepIds, facts, newBlocks);
  }

  public Section withFacts(List<Fact> newFacts) {
    return new Section(id, questionId, question, stepIds, newFacts, blocks);
  }
}
