package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Measure;
import java.util.List;
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

  @Test
  void aTotalPerEntityOnAverageIsAveragedOverTheEntities() {
    for (String q :
        List.of(
            "on average, how much did each client borrow in total",
            "on average how much did every district borrow in total")) {
      Draft d = Drafts.after(Leftovers.class, q);
      assertThat(d.problems).as(q).isEmpty();
      assertThat(d.groupBy).as(q).isEmpty();
      assertThat(d.measure).as(q).isInstanceOf(Measure.OverGroups.class);
    }
    for (String q :
        List.of(
            "on average, how much has each customer spent in total",
            "how much has every customer spent in total, on average")) {
      Draft d = Drafts.pagilaAfter(Leftovers.class, q);
      assertThat(d.problems).as(q).isEmpty();
      assertThat(((Measure.OverGroups) d.measure).per())
          .as(q)
          .containsExactly(ColumnRef.of("customer.customer_id"));
    }
  }

  @Test
  void aTotalForEachEntityWithoutAnAverageStaysAGrouping() {
    Draft d = Drafts.after(Leftovers.class, "how much did each client borrow in total");
    assertThat(d.problems).isEmpty();
    assertThat(d.measure).isNotInstanceOf(Measure.OverGroups.class);
    assertThat(d.groupBy).containsExactly(ColumnRef.of("client.client_id"));
  }
}
