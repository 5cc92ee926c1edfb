package io.assay.understand.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.analyses.AnalysisRegistry;
import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobRequest;
import io.assay.contract.plan.Decision;
import io.assay.contract.plan.PlanStep;
import io.assay.contract.plan.Understanding;
import io.assay.datasets.testing.TestWarehouse;
import io.assay.llm.LlmSettings;
import io.assay.llm.ReadingPolicy;
import io.assay.recon.Recon;
import io.assay.recon.ReconLoader;
import io.assay.understand.ReaderCache;
import io.assay.understand.ReaderFixture;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Analysis requests on the second dataset become the same plans as on the first: a trend scan at
 * the asked grain, then a drill-down by what the question names. Skipped where the Pagila data is
 * not on this machine.
 */
class PagilaPlansTest {

  private static PlanningActivitiesImpl planning;

  @BeforeAll
  static void pagila() {
    ReaderFixture.pagilaOrSkip();
    Recon recon = ReconLoader.load(TestWarehouse.get().readerDataSource(), "pagila");
    planning =
        new PlanningActivitiesImpl(
            () -> recon,
            AnalysisRegistry.discover(),
            new ReaderCache(() -> recon, r -> ReaderFixture.pagila()),
            null,
            ReadingPolicy.OFF,
            LlmSettings.DEFAULT_TOKEN_BUDGET);
  }

  private static List<PlanStep> steps(String question) {
    Understanding u =
        planning.understand(
            new JobRequest(
                "job-test", question, "pagila", "tester", ApprovalMode.AUTO, 0, List.of(), ""),
            List.of());
    assertThat(u.decision()).as(u.reason()).isEqualTo(Decision.PLAN);
    return u.plan().steps();
  }

  /** Issue 13's analysis question: daily revenue in a month, drilled down by film category. */
  @Test
  void dailyRevenueInAMonthDrilledDownByCategory() {
    List<PlanStep> s =
        steps("Check daily revenue in June 2022 and drill down by category if anything is unusual");
    assertThat(s).extracting(PlanStep::analysis).containsExactly("trend_anomaly", "drill_down");
    assertThat(s.get(0).args())
        .containsEntry("metric", "revenue")
        .containsEntry("grain", "day")
        .containsEntry("time", Map.of("kind", "month", "year", 2022, "month", 6));
    assertThat(s.get(1).args()).containsEntry("dimensions", List.of("category.name"));
  }

  @Test
  void somethingBeingOffAsksForATrendScan() {
    List<PlanStep> s =
        steps(
            "Look at revenue per day in May 2022 and break it down by film rating if something"
                + " is off");
    assertThat(s).extracting(PlanStep::analysis).containsExactly("trend_anomaly", "drill_down");
    assertThat(s.get(1).args()).containsEntry("dimensions", List.of("film.rating"));
  }

  /**
   * Rentals have no amount, so "weekly rentals" is their count; "by store" is the store owning the
   * rented copy, as the dataset declares for a rental.
   */
  @Test
  void rowsWithOnlyACountAreCountedAndTheirStoreIsTheDeclaredOne() {
    List<PlanStep> s =
        steps("Check weekly rentals in 2022 and drill down by store if anything looks odd");
    assertThat(s.get(0).args())
        .containsEntry("metric", "rental_count")
        .containsEntry("grain", "week");
    assertThat(s.get(1).args()).containsEntry("dimensions", List.of("store.store_id"));
  }

  /** Payments have an amount and a count: which one the analysis reads is asked. */
  @Test
  void rowsWithAnAmountAndACountAsk() {
    Understanding u =
        planning.understand(
            new JobRequest(
                "job-test",
                "Check the monthly payments in 2022 and drill down if anything is unusual",
                "pagila",
                "tester",
                ApprovalMode.AUTO,
                0,
                List.of(),
                ""),
            List.of());
    assertThat(u.decision()).isEqualTo(Decision.CLARIFICATION_REQUIRED);
    assertThat(u.clarification().options())
        .extracting(o -> o.value())
        .contains("revenue", "payment_count");
  }
}
