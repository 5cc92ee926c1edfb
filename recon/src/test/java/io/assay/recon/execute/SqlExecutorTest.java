package io.assay.recon.execute;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.assay.datasets.testing.TestWarehouse;
import io.assay.pick.Direction;
import io.assay.pick.Order;
import io.assay.pick.Pick;
import io.assay.pick.TimeFilter;
import io.assay.pick.TimeGrain;
import io.assay.recon.Recon;
import io.assay.recon.ReconLoader;
import io.assay.recon.compose.BindValue;
import io.assay.recon.compose.ComposedQuery;
import io.assay.recon.compose.Composer;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class SqlExecutorTest {

  /** Slow on purpose: a filtered self-join of trans that runs for many seconds. */
  private static final String SLOW =
      "select count(*) from trans a join trans b on a.amount = b.amount where a.balance + b.balance > ?";

  private static Recon recon;
  private static DataSource reader;

  @BeforeAll
  static void setUp() {
    reader = TestWarehouse.get().readerDataSource();
    recon = ReconLoader.load(reader, "financial");
  }

  @Test
  void returnsRowsColumnsSqlAndBinds() {
    ComposedQuery q =
        Composer.compose(
            Pick.builder()
                .metric("cash_withdrawal_amount", "cash_withdrawal_count")
                .time(TimeFilter.year(1997))
                .grain(TimeGrain.MONTH)
                .build(),
            recon);
    QueryResult r = new SqlExecutor(reader).execute(q);
    assertThat(r.sql()).isEqualTo(q.sql());
    assertThat(r.binds()).isEqualTo(q.binds());
    assertThat(r.columns())
        .extracting(QueryResult.Column::name)
        .containsExactly("period", "cash_withdrawal_amount", "cash_withdrawal_count");
    assertThat(r.rows()).hasSize(12);
    assertThat(r.rows().get(0).get(0)).isEqualTo(LocalDate.of(1997, 1, 1));
    assertThat(r.rows().get(0).get(1)).isInstanceOf(Long.class); // sum of int4 is bigint
    assertThat(((Number) r.rows().get(0).get(2)).longValue()).isPositive();
    assertThat(r.truncated()).isFalse();
  }

  @Test
  void capsRowsAndSaysSo() {
    ComposedQuery q =
        Composer.compose(
            Pick.builder()
                .selectColumns("loan.loan_id")
                .orderBy(Order.column("loan.loan_id", Direction.ASC))
                .build(),
            recon);
    QueryResult capped = new SqlExecutor(reader, Duration.ofSeconds(30), 100).execute(q);
    assertThat(capped.rows()).hasSize(100);
    assertThat(capped.truncated()).isTrue();
    assertThat(capped.rowCap()).isEqualTo(100);
    QueryResult all = new SqlExecutor(reader, Duration.ofSeconds(30), 682).execute(q);
    assertThat(all.rows()).hasSize(682);
    assertThat(all.truncated()).isFalse();
  }

  @Test
  void timesOut() {
    SqlExecutor fast = new SqlExecutor(reader, Duration.ofMillis(300), 10);
    long start = System.nanoTime();
    assertThatThrownBy(
            () -> fast.execute(SLOW, List.of(new BindValue(0, "integer")), new CancelHandle()))
        .isInstanceOfSatisfying(
            SqlExecutionException.class,
            e -> assertThat(e.reason()).isEqualTo(SqlExecutionException.Reason.TIMEOUT));
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
  }

  @Test
  void cancelsFromAnotherThread() throws Exception {
    SqlExecutor executor = new SqlExecutor(reader, Duration.ofMinutes(5), 10);
    CancelHandle handle = new CancelHandle();
    CompletableFuture<QueryResult> running =
        CompletableFuture.supplyAsync(
            () -> executor.execute(SLOW, List.of(new BindValue(0, "integer")), handle));
    Thread.sleep(500);
    handle.cancel();
    assertThatThrownBy(() -> running.get(20, TimeUnit.SECONDS))
        .hasCauseInstanceOf(SqlExecutionException.class)
        .cause()
        .satisfies(
            e ->
                assertThat(((SqlExecutionException) e).reason())
                    .isEqualTo(SqlExecutionException.Reason.CANCELLED));
  }

  @Test
  void cancelledBeforeStartNeverRuns() {
    CancelHandle handle = new CancelHandle();
    handle.cancel();
    assertThatThrownBy(
            () ->
                new SqlExecutor(reader).execute(SLOW, List.of(new BindValue(0, "integer")), handle))
        .isInstanceOfSatisfying(
            SqlExecutionException.class,
            e -> assertThat(e.reason()).isEqualTo(SqlExecutionException.Reason.CANCELLED));
  }

  @Test
  void writesAreRefused() {
    SqlExecutor executor = new SqlExecutor(reader);
    assertThatThrownBy(
            () ->
                executor.execute(
                    "delete from loan where loan_id = ?",
                    List.of(new BindValue(-1, "integer")),
                    new CancelHandle()))
        .isInstanceOfSatisfying(
            SqlExecutionException.class,
            e -> {
              assertThat(e.reason()).isEqualTo(SqlExecutionException.Reason.FAILED);
              assertThat(e.getMessage()).containsAnyOf("read-only", "permission denied");
            });
    assertThatThrownBy(
            () -> executor.execute("select 1; delete from loan", List.of(), new CancelHandle()))
        .isInstanceOf(SqlExecutionException.class);
  }
}
