package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Measure;
import org.junit.jupiter.api.Test;

/** {@link CountMeasure}: a value right after the counting word counts the value's own rows. */
class CountedValueTest {

  @Test
  void aValueAfterTheCountingWordCountsItsRowsNotALaterTable() {
    Draft d =
        Drafts.after(
            MeasureOrSelection.class, "how many junior cards are owned by clients in Pisek?");
    assertThat(d.measure).isEqualTo(Measure.metric("card_count"));
    Draft p =
        Drafts.pagilaAfter(
            MeasureOrSelection.class, "how many PG-13 movies are in the Sports genre?");
    assertThat(p.measure).isEqualTo(Measure.metric("film_count"));
    Draft q =
        Drafts.pagilaAfter(
            MeasureOrSelection.class, "count the R rated films of the Music category");
    assertThat(q.measure).isEqualTo(Measure.metric("film_count"));
  }

  @Test
  void aNounRightAfterTheValueIsStillWhatIsCounted() {
    Draft d = Drafts.after(MeasureOrSelection.class, "how many female clients live in Pisek?");
    assertThat(d.measure).isEqualTo(Measure.metric("client_count"));
  }

  @Test
  void aColumnKeptToOneValueCountsItsRowsNotItsValues() {
    Draft d = Drafts.after(MeasureOrSelection.class, "how many dispositions of type owner exist?");
    assertThat(d.measure.toString()).contains("COUNT,").contains("disp.disp_id");
    // with no value kept, a column of words still counts its values
    Draft regions = Drafts.after(MeasureOrSelection.class, "how many regions are there?");
    assertThat(regions.measure.toString()).contains("COUNT_DISTINCT").contains("district.a3");
  }
}
