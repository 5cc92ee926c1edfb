package io.assay.recon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.assay.datasets.testing.TestWarehouse;
import io.assay.recon.text.TextNormalizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The words the dataset YAML gives people to name coded values and metrics, on phrasings of our
 * own: each names what a data steward means by it, and no metric synonym names two metrics (the
 * reader would have to ask which one is meant, or count table rows instead).
 */
class DatasetVocabularyTest {

  private static List<String> found(Recon recon, String text) {
    return recon.values().lookup(text).stream().map(m -> m.column() + "=" + m.value()).toList();
  }

  private static Recon pagila() {
    TestWarehouse w = TestWarehouse.get();
    assumeTrue(w.ensureDataset("pagila"), "../shared/datasets/pagila is not on this machine");
    return ReconLoader.load(w.readerDataSource(), "pagila");
  }

  @Test
  void loanStatusesInTheWordsOfLending() {
    Recon recon = OfflineRecon.get();
    assertThat(found(recon, "loans that were repaid in full last year"))
        .containsExactly("loan.status=A");
    assertThat(found(recon, "contracts paid back with no problems")).contains("loan.status=A");
    assertThat(found(recon, "borrowers who are in arrears")).containsExactly("loan.status=D");
    assertThat(found(recon, "loans behind on payments")).containsExactly("loan.status=D");
    assertThat(found(recon, "loans never repaid")).containsExactly("loan.status=B");
  }

  @Test
  void aRunningLoanIsEitherRunningStatus() {
    Recon recon = OfflineRecon.get();
    assertThat(found(recon, "ongoing loans by district"))
        .containsExactlyInAnyOrder("loan.status=C", "loan.status=D");
    assertThat(found(recon, "active loans per region"))
        .containsExactlyInAnyOrder("loan.status=C", "loan.status=D");
    assertThat(found(recon, "how much is lent in outstanding loans"))
        .containsExactlyInAnyOrder("loan.status=C", "loan.status=D");
    // the narrower phrases keep their one status
    assertThat(found(recon, "loans running in debt")).contains("loan.status=D");
  }

  @Test
  void unitsStewardsStateForDurations() {
    assertThat(OfflineRecon.get().column(io.assay.pick.ColumnRef.of("loan.duration")))
        .hasValueSatisfying(c -> assertThat(c.unit()).isEqualTo(io.assay.pick.Unit.MONTHS));
    Recon pagila = pagila();
    assertThat(pagila.column(io.assay.pick.ColumnRef.of("film.length")))
        .hasValueSatisfying(c -> assertThat(c.unit()).isEqualTo(io.assay.pick.Unit.MINUTES));
    assertThat(pagila.column(io.assay.pick.ColumnRef.of("film.rental_duration")))
        .hasValueSatisfying(c -> assertThat(c.unit()).isEqualTo(io.assay.pick.Unit.DAYS));
  }

  @Test
  void aCustomersStoreIsCalledTheirStore() {
    assertThat(pagila().column(io.assay.pick.ColumnRef.of("customer.store_id")))
        .hasValueSatisfying(c -> assertThat(c.synonyms()).contains("store", "home store"));
  }

  @Test
  void transactionPurposesInEverydayWords() {
    Recon recon = OfflineRecon.get();
    assertThat(found(recon, "pension payments received in 1996"))
        .containsExactly("trans.k_symbol=DUCHOD");
    assertThat(found(recon, "penalty interest charges per account"))
        .containsExactly("trans.k_symbol=SANKC. UROK");
    assertThat(found(recon, "bank fees charged in 1997")).containsExactly("trans.k_symbol=SLUZBY");
  }

  @Test
  void ratingsAsPeopleSayThem() {
    Recon recon = pagila();
    assertThat(found(recon, "how many G films")).containsExactly("film.rating=G");
    assertThat(found(recon, "PG movies under an hour")).containsExactly("film.rating=PG");
    assertThat(found(recon, "R titles we stock")).containsExactly("film.rating=R");
    // a lone letter is no rating
    assertThat(found(recon, "a film about r and g")).isEmpty();
  }

  @Test
  void metricSynonymsNameOneMetricEach() {
    assertThat(sharedSynonyms(OfflineRecon.get())).isEmpty();
    assertThat(sharedSynonyms(pagila())).isEmpty();
  }

  @Test
  void lendingAndSpendingPhrasesNameTheirMetrics() {
    assertThat(metricsNamed(OfflineRecon.get(), "total amount lent"))
        .containsExactly("loan_amount");
    assertThat(metricsNamed(OfflineRecon.get(), "average monthly installment"))
        .containsExactly("average_monthly_payment");
    assertThat(metricsNamed(pagila(), "customers who made a payment"))
        .containsExactly("paying_customer_count");
    assertThat(metricsNamed(pagila(), "copies still out"))
        .containsExactly("unreturned_rental_count");
  }

  private static List<String> metricsNamed(Recon recon, String phrase) {
    String n = TextNormalizer.normalize(phrase);
    List<String> out = new ArrayList<>();
    for (MetricDefinition m : recon.metrics()) {
      if (m.synonyms().stream().anyMatch(s -> TextNormalizer.normalize(s).equals(n))) {
        out.add(m.name());
      }
    }
    return out;
  }

  private static Map<String, List<String>> sharedSynonyms(Recon recon) {
    Map<String, List<String>> byWord = new HashMap<>();
    for (MetricDefinition m : recon.metrics()) {
      for (String s : m.synonyms()) {
        byWord.computeIfAbsent(TextNormalizer.normalize(s), k -> new ArrayList<>()).add(m.name());
      }
    }
    byWord.values().removeIf(names -> names.stream().distinct().count() < 2);
    return byWord;
  }
}
