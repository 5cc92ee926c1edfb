package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Measure;
import org.junit.jupiter.api.Test;

class AveragePerGroupTest {

  @Test
  void anAverageCountPerEntityIsAveragedOverTheEntities() {
    Draft d = Drafts.after(AveragePerGroup.class, "average number of cards per district");
    assertThat(d.groupBy).isEmpty();
    Measure.OverGroups o = (Measure.OverGroups) d.measure;
    assertThat(o.per()).containsExactly(ColumnRef.of("district.district_id"));
    Draft e = Drafts.after(AveragePerGroup.class, "mean number of accounts per region");
    assertThat(((Measure.OverGroups) e.measure).per()).containsExactly(ColumnRef.of("district.a3"));
  }

  @Test
  void anAverageAmountPerGroupStaysAGrouping() {
    Draft d = Drafts.after(AveragePerGroup.class, "average loan duration per region");
    assertThat(d.measure).isNotInstanceOf(Measure.OverGroups.class);
    assertThat(d.groupBy).hasSize(1);
  }
}
