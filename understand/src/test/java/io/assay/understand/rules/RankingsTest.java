package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Direction;
import org.junit.jupiter.api.Test;

class RankingsTest {

  @Test
  void anOrdinalAndASuperlativeRankByTheColumn() {
    Draft d = Drafts.after(Rankings.class, "the client with the third highest loan amount");
    assertThat(d.rankings).hasSize(1);
    assertThat(d.rankings.get(0).rank()).isEqualTo(3);
    assertThat(d.rankings.get(0).direction()).isEqualTo(Direction.DESC);
  }

  @Test
  void aTopNEntityIsRankedByWhatFollows() {
    Draft d = Drafts.after(Rankings.class, "top 4 districts by number of loans");
    assertThat(d.rankings).hasSize(1);
    assertThat(d.rankings.get(0).top()).isEqualTo(4);
    assertThat(d.rankings.get(0).measure()).isNotNull();
    assertThat(d.rankedEntity).isNotNull();
  }

  @Test
  void anOrdinalOnATableIsItsEarliestRow() {
    Draft d = Drafts.after(Rankings.class, "when was the first loan of account 5?");
    assertThat(d.rankings).anyMatch(r -> r.direction() == Direction.ASC && r.rank() == 1);
  }

  @Test
  void theRowsAfterAnOrdinalAreRankedByTheirOwnDate() {
    Draft d = Drafts.after(Rankings.class, "which client took the first loan?");
    assertThat(d.rankings.get(0).column()).isEqualTo(ColumnRef.of("loan.date"));
    Draft listed = Drafts.after(Rankings.class, "the issue date of the first card");
    assertThat(listed.rankings.get(0).column()).isEqualTo(ColumnRef.of("card.issued"));
  }
}
