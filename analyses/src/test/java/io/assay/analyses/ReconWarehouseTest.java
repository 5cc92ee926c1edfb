package io.assay.analyses;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.assay.pick.ColumnRef;
import io.assay.pick.Pick;
import io.assay.recon.MetricDefinition;
import io.assay.recon.compose.ComposedQuery;
import io.assay.recon.execute.SqlExecutor;
import java.sql.Connection;
import java.sql.ResultSet;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ReconWarehouseTest {
  private final AnalysisFixture fx = AnalysisFixture.get();

  @Test
  void describesMetricsFromRecon() {
    MetricDefinition cash = fx.reconWarehouse.metric("cash_withdrawal_amount").orElseThrow();
    assertThat(MetricTraits.additive(cash)).isTrue();
    assertThat(cash.unit()).isEqualTo("CZK");
    assertThat(cash.timeColumn()).isEqualTo(ColumnRef.of("trans.date"));
    assertThat(MetricTraits.additive(fx.reconWarehouse.metric("average_balance").orElseThrow()))
        .isFalse();
    assertThat(fx.reconWarehouse.dateSpan(ColumnRef.of("trans.date"))).isPresent();
    assertThat(fx.reconWarehouse.columnLabel("district.a3")).isEqualTo("region (district.a3)");
  }

  @Test
  void aFailingHeartbeatCancelsTheRunningStatement() throws Exception {
    ReconWarehouse eager =
        new ReconWarehouse(
            () -> fx.recon, new SqlExecutor(fx.warehouse.readerDataSource()), Duration.ofMillis(1));
    Pick heavy =
        Pick.builder()
            .metric("transaction_amount")
            .groupBy("trans.account_id", "trans.k_symbol", "trans.bank")
            .build();
    ComposedQuery sql = eager.compose(heavy);
    RuntimeException cancelled = new RuntimeException("activity cancelled");
    assertThatThrownBy(
            () ->
                eager.execute(
                    sql,
                    details -> {
                      throw cancelled;
                    }))
        .isSameAs(cancelled);
    // The statement does not keep running in PostgreSQL after the activity gave up on it.
    long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
    long running;
    do {
      Thread.sleep(50);
      try (Connection c = fx.warehouse.adminDataSource().getConnection();
          ResultSet rs =
              c.createStatement()
                  .executeQuery(
                      "select count(*) from pg_stat_activity where state = 'active'"
                          + " and usename = 'assay_reader' and query like '%k_symbol%'")) {
        rs.next();
        running = rs.getLong(1);
      }
    } while (running > 0 && System.nanoTime() < deadline);
    assertThat(running).isZero();
  }
}
