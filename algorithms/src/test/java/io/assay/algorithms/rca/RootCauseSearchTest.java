package io.assay.algorithms.rca;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

class RootCauseSearchTest {
  private static final List<String> ATTRS = List.of("a", "b", "c");

  /** 8 x 10 x 6 leaves with 2% relative noise; leaves matching {@code hit} scaled by {@code f}. */
  static LeafTable synthetic(long seed, Predicate<String[]> hit, double f) {
    Random random = new Random(seed);
    LeafTable.Builder b = LeafTable.fundamental(ATTRS);
    for (int a = 1; a <= 8; a++) {
      for (int bb = 1; bb <= 10; bb++) {
        for (int c = 1; c <= 6; c++) {
          String[] v = {"a" + a, "b" + bb, "c" + c};
          double predict = 50 + random.nextInt(500);
          double real = predict * (1 + random.nextGaussian() * 0.02);
          if (hit.test(v)) {
            real = predict * f * (1 + random.nextGaussian() * 0.01);
          }
          b.add(List.of(v), real, predict);
        }
      }
    }
    return b.build();
  }

  @Test
  void findsAOneAttributeCause() {
    LeafTable t = synthetic(1, v -> v[1].equals("b3"), 0.4);
    RootCauseResult r = RootCauseSearch.search(t, SearchParams.defaults());
    assertThat(r.best().elementStrings()).containsExactly("b=b3");
    assertThat(r.best().explanatoryPower()).isBetween(0.9, 1.1);
    assertThat(r.best().elements().get(0).changeFactor()).isBetween(0.35, 0.45);
  }

  @Test
  void findsACombinationAcrossDimensionsAndASecondElement() {
    LeafTable t =
        synthetic(
            2,
            v ->
                (v[0].equals("a2") && v[2].equals("c5"))
                    || (v[1].equals("b7") && v[2].equals("c1")),
            0.3);
    RootCauseResult r = RootCauseSearch.search(t, SearchParams.defaults());
    assertThat(r.best().elementStrings()).containsExactlyInAnyOrder("a=a2&c=c5", "b=b7&c=c1");
    assertThat(r.sets()).isNotEmpty();
    // Alternatives, if any, rank after the answer and carry the same fields.
    r.sets().forEach(s -> assertThat(s.explanatoryPower()).isFinite());
  }

  @Test
  void prefersChildrenWhenOnlySomeOfAParentIsAbnormal() {
    LeafTable t =
        synthetic(3, v -> v[0].equals("a4") && (v[1].equals("b2") || v[1].equals("b9")), 1.8);
    RootCauseResult r = RootCauseSearch.search(t, SearchParams.defaults());
    assertThat(r.best().elementStrings()).containsExactlyInAnyOrder("a=a4&b=b2", "a=a4&b=b9");
  }

  @Test
  void pureNoiseGivesAnEmptySet() {
    LeafTable t = synthetic(4, v -> false, 1.0);
    RootCauseResult r = RootCauseSearch.search(t, SearchParams.defaults());
    assertThat(r.best().elements()).isEmpty();
    assertThat(r.noiseScale()).isBetween(0.01, 0.03);
  }

  @Test
  void derivedMeasureFindsTheLeavesThatMovedTheRatio() {
    Random random = new Random(5);
    LeafTable.Builder b = LeafTable.derived(List.of("cdn", "bitrate"));
    for (int cdn = 1; cdn <= 6; cdn++) {
      for (int br = 1; br <= 5; br++) {
        double viewers = 2000 + random.nextInt(3000);
        double rate = 0.95;
        double predictOk = viewers * rate;
        double realViewers = viewers + random.nextInt(50);
        double realRate = (br == 3) ? 0.6 : rate;
        double realOk = Math.round(realViewers * realRate + random.nextGaussian() * 5);
        b.addRatio(List.of("cdn" + cdn, "br" + br), realOk, predictOk, realViewers, viewers);
      }
    }
    RootCauseResult r = RootCauseSearch.search(b.build(), SearchParams.defaults());
    assertThat(r.best().elementStrings()).containsExactly("bitrate=br3");
    assertThat(r.countNoise()).isTrue();
  }

  @Test
  void emptyTableConstantTableAndZerosGiveEmptySets() {
    LeafTable empty = LeafTable.fundamental(ATTRS).build();
    assertThat(RootCauseSearch.search(empty, SearchParams.defaults()).best().elements()).isEmpty();
    LeafTable.Builder constant = LeafTable.fundamental(List.of("a"));
    LeafTable.Builder zeros = LeafTable.fundamental(List.of("a"));
    for (int i = 0; i < 50; i++) {
      constant.add(List.of("a" + i), 7, 7);
      zeros.add(List.of("a" + i), 0, 0);
    }
    RootCauseResult c = RootCauseSearch.search(constant.build(), SearchParams.defaults());
    assertThat(c.best().elements()).isEmpty();
    assertThat(c.best().explanatoryPower()).isEqualTo(0.0);
    assertThat(RootCauseSearch.search(zeros.build(), SearchParams.defaults()).best().elements())
        .isEmpty();
  }

  @Test
  void oneLeafThatCollapsedIsItsOwnCause() {
    LeafTable one = LeafTable.fundamental(List.of("a")).add(List.of("x"), 0, 100).build();
    RootCauseResult r = RootCauseSearch.search(one, SearchParams.defaults());
    assertThat(r.best().elementStrings()).containsExactly("a=x");
    assertThat(r.best().explanatoryPower()).isEqualTo(1.0);
  }

  @Test
  void negativeValuesAndDuplicateLeavesGiveFiniteResults() {
    LeafTable.Builder b = LeafTable.fundamental(List.of("a", "b"));
    for (int i = 0; i < 20; i++) {
      b.add(List.of("a" + (i % 4), "b" + (i % 5)), -10 - i, -12 - i);
      b.add(List.of("a" + (i % 4), "b" + (i % 5)), 5, 5); // same labels again
    }
    RootCauseResult r = RootCauseSearch.search(b.build(), SearchParams.defaults());
    String json = new ObjectMapper().valueToTree(r).toString();
    assertThat(json).doesNotContain("NaN").doesNotContain("Infinity");
  }

  @Test
  void nanAndInfiniteLeafValuesAreRejected() {
    LeafTable.Builder b = LeafTable.fundamental(List.of("a"));
    assertThatThrownBy(() -> b.add(List.of("x"), Double.NaN, 1))
        .hasMessageContaining("non-finite measure value: NaN");
    assertThatThrownBy(() -> b.add(List.of("x"), 1, Double.NEGATIVE_INFINITY))
        .hasMessageContaining("non-finite");
    assertThatThrownBy(() -> b.add(List.of("x", "y"), 1, 1)).hasMessageContaining("2 values for 1");
    assertThatThrownBy(() -> LeafTable.fundamental(List.of("a", "a")))
        .hasMessageContaining("repeat");
    assertThatThrownBy(() -> LeafTable.fundamental(List.of("a=b")))
        .hasMessageContaining("without '=', '&' or ';'");
  }

  @Test
  void parametersAreValidated() {
    assertThatThrownBy(() -> new SearchParams(0, 10, 10, 0, 1)).hasMessageContaining("threshold");
    assertThatThrownBy(() -> new SearchParams(5, 4, 10, 0, 1)).hasMessageContaining("clip");
    assertThatThrownBy(() -> new SearchParams(5, 10, 0, 0, 1)).hasMessageContaining("maxElements");
    assertThatThrownBy(() -> new SearchParams(5, 10, 10, -1, 1)).hasMessageContaining("maxLayer");
    assertThatThrownBy(() -> new SearchParams(5, 10, 10, 0, 0))
        .hasMessageContaining("alternatives");
  }

  @Test
  void combinationTextIsCanonical() {
    assertThat(Combination.parse("c=5&bitrate=500&p2p=0").toString())
        .isEqualTo("bitrate=500&c=5&p2p=0");
    assertThatThrownBy(() -> Combination.parse("a")).hasMessageContaining("attribute=value");
  }
}
