package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The pipeline's shape: every rule once, in one list, with the words-only stage ungated. */
class PipelineTest {

  @Test
  void everyRuleRunsOnceAndOnlyTheFirstStageIsUngated() {
    List<Class<?>> rules =
        PickAssembler.PIPELINE.stream()
            .flatMap(s -> s.rules().stream())
            .<Class<?>>map(Object::getClass)
            .toList();
    Set<Class<?>> distinct = rules.stream().collect(Collectors.toSet());
    assertThat(distinct).hasSameSizeAs(rules);
    assertThat(PickAssembler.PIPELINE.get(0).gated()).isFalse();
    assertThat(PickAssembler.PIPELINE.subList(1, PickAssembler.PIPELINE.size()))
        .allMatch(PickAssembler.Stage::gated);
    assertThat(rules.get(rules.size() - 1)).isEqualTo(Leftovers.class);
  }
}
