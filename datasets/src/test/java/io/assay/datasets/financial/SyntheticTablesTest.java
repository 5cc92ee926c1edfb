package io.assay.datasets.financial;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class SyntheticTablesTest {

  private final FinancialTables t = SyntheticTables.generate(TransGenerator.DEFAULT_SEED);

  @Test
  void hasTheRealRowCounts() {
    assertThat(t.districts()).hasSize(77);
    assertThat(t.accounts()).hasSize(4_500);
    assertThat(t.clients()).hasSize(5_369);
    assertThat(t.disps()).hasSize(5_369);
    assertThat(t.cards()).hasSize(892);
    assertThat(t.loans()).hasSize(682);
    assertThat(t.orders()).hasSize(6_471);
  }

  @Test
  void keysAreUniqueAndReferencesResolve() {
    Set<Integer> districts = ids(t.districts(), District::districtId);
    Set<Integer> accounts = ids(t.accounts(), Account::accountId);
    Set<Integer> clients = ids(t.clients(), Client::clientId);
    Set<Integer> disps = ids(t.disps(), Disp::dispId);
    assertThat(districts).hasSize(77);
    assertThat(accounts).hasSize(4_500);
    assertThat(clients).hasSize(5_369);
    assertThat(disps).hasSize(5_369);
    assertThat(ids(t.cards(), Card::cardId)).hasSize(892);
    assertThat(ids(t.loans(), Loan::loanId)).hasSize(682);
    assertThat(ids(t.orders(), PermanentOrder::orderId)).hasSize(6_471);
    assertThat(t.accounts()).allMatch(a -> districts.contains(a.districtId()));
    assertThat(t.clients()).allMatch(c -> districts.contains(c.districtId()));
    assertThat(t.disps())
        .allMatch(d -> clients.contains(d.clientId()) && accounts.contains(d.accountId()));
    assertThat(t.cards()).allMatch(c -> disps.contains(c.dispId()));
    assertThat(t.loans()).allMatch(l -> accounts.contains(l.accountId()));
    assertThat(t.orders()).allMatch(o -> accounts.contains(o.accountId()));
  }

  @Test
  void shapesFollowTheRealData() {
    assertThat(t.disps().stream().filter(d -> d.type().equals(Disp.OWNER)).count())
        .isEqualTo(4_500);
    assertThat(t.accounts())
        .allMatch(
            a ->
                !a.date().isBefore(LocalDate.of(1993, 1, 1))
                    && a.date().isBefore(LocalDate.of(1998, 1, 1)));
    assertThat(t.loans().stream().map(Loan::accountId).distinct().count()).isEqualTo(682);
    assertThat(t.loans()).allMatch(l -> l.amount() == Math.round(l.payments() * l.duration()));
    Map<Integer, Account> accounts =
        t.accounts().stream().collect(Collectors.toMap(Account::accountId, a -> a));
    assertThat(t.loans()).allMatch(l -> l.date().isAfter(accounts.get(l.accountId()).date()));
    assertThat(t.orders().stream().filter(o -> "UVER".equals(o.kSymbol())).count()).isEqualTo(717);
    assertThat(t.districts().stream().filter(d -> d.a12() == null).count()).isEqualTo(1);
    assertThat(t.districts().stream().map(District::a3).distinct().count()).isEqualTo(8);
    assertThat(t.districts().stream().map(District::a2).distinct().count()).isEqualTo(77);
  }

  private static <T> Set<Integer> ids(java.util.List<T> rows, Function<T, Integer> id) {
    return rows.stream().map(id).collect(Collectors.toSet());
  }
}
