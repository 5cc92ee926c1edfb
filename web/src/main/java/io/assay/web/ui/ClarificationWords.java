package io.assay.web.ui;

import io.assay.contract.plan.Clarification;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * A question back to a person in the dataset's words: the options' labels relabelled ("loan amount"
 * for {@code loan.amount}), their values untouched since the answer applies them. When two options
 * would read the same in people's words, the raw labels stay, so every choice can still be told
 * apart.
 */
final class ClarificationWords {
  private ClarificationWords() {}

  static Clarification of(Clarification asked, UnaryOperator<String> relabel) {
    if (asked == null) {
      return null;
    }
    List<Clarification.Option> options =
        asked.options().stream()
            .map(o -> new Clarification.Option(o.value(), relabel.apply(o.label())))
            .toList();
    Set<String> seen = new HashSet<>();
    boolean distinct = options.stream().allMatch(o -> seen.add(String.valueOf(o.label())));
    return new Clarification(
        asked.id(),
        asked.topic(),
        relabel.apply(asked.question()),
        distinct ? options : asked.options());
  }
}
