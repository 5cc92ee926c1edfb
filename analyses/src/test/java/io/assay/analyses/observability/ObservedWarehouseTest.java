package io.assay.analyses.observability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.assay.analyses.AnalysisFixture;
import io.assay.analyses.Heartbeat;
import io.assay.analyses.Rows;
import io.assay.analyses.Warehouse;
import io.assay.pick.Filter;
import io.assay.pick.Pick;
import io.assay.recon.compose.BindValue;
import io.assay.recon.compose.ComposedQuery;
import io.assay.recon.execute.SqlExecutionException;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** SQL on the real test warehouse, through the observed warehouse: spans and meters. */
class ObservedWarehouseTest {
  private final AnalysisFixture fx = AnalysisFixture.get();
  private final InMemorySpanExporter spans = InMemorySpanExporter.create();
  private final OpenTelemetrySdk otel =
      OpenTelemetrySdk.builder()
          .setTracerProvider(
              SdkTracerProvider.builder()
                  .addSpanProcessor(SimpleSpanProcessor.create(spans))
                  .build())
          .build();
  private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
  private final Warehouse warehouse =
      new ObservedWarehouse(fx.reconWarehouse, otel.getTracer("io.assay"), meters);

  @AfterEach
  void close() {
    otel.close();
  }

  @Test
  void aQueryIsOneSpanWithItsSqlTextButNotItsBindValuesAndOneTimerSample() {
    ComposedQuery sql =
        warehouse.compose(
            Pick.builder()
                .metric("client_count")
                .groupBy("client.gender")
                .filter(Filter.eq("district.a2", "Hl.m. Praha"))
                .build());
    assertThat(sql.bindValues()).contains("Hl.m. Praha");

    Rows rows = warehouse.execute(sql, Heartbeat.NONE);

    assertThat(rows.size()).isEqualTo(2);
    List<SpanData> finished = spans.getFinishedSpanItems();
    assertThat(finished).hasSize(1);
    SpanData span = finished.get(0);
    assertThat(span.getName()).isEqualTo("SELECT");
    assertThat(span.getKind()).isEqualTo(SpanKind.CLIENT);
    assertThat(span.getInstrumentationScopeInfo().getName()).isEqualTo("io.assay");
    assertThat(span.getAttributes().get(ObservedWarehouse.DB_QUERY_TEXT)).isEqualTo(sql.sql());
    assertThat(span.getAttributes().get(ObservedWarehouse.DB_SYSTEM)).isEqualTo("postgresql");
    assertThat(span.getAttributes().get(ObservedWarehouse.BIND_COUNT))
        .isEqualTo((long) sql.binds().size());
    assertThat(span.getAttributes().get(ObservedWarehouse.DB_RETURNED_ROWS)).isEqualTo(2L);
    assertThat(span.getAttributes().get(ObservedWarehouse.TRUNCATED_ROWS)).isFalse();
    assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
    assertThat(span.getAttributes().asMap().values())
        .noneMatch(v -> String.valueOf(v).contains("Praha"));

    assertThat(meters.get("assay.sql.execution").tag("outcome", "ok").timer().count()).isEqualTo(1);
    assertThat(meters.get("assay.sql.rows").summary().totalAmount()).isEqualTo(2);
    assertThat(meters.find("assay.sql.failures").counters()).isEmpty();
  }

  @Test
  void aRejectedQueryIsAnErrorSpanAndAFailureWithoutTheDatabaseMessageOrBindValues() {
    String secret = "s3cret-district-name";
    ComposedQuery bad =
        new ComposedQuery(
            "SELECT count(*) FROM district WHERE no_such_column = ?",
            List.of(new BindValue(secret, "text")),
            List.of(),
            List.of(),
            List.of());

    assertThatThrownBy(() -> warehouse.execute(bad, Heartbeat.NONE))
        .isInstanceOf(SqlExecutionException.class)
        .hasMessageContaining("no_such_column");

    SpanData span = spans.getFinishedSpanItems().get(0);
    assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
    assertThat(span.getStatus().getDescription()).isEqualTo("failed");
    assertThat(span.getAttributes().get(ObservedWarehouse.ERROR_TYPE)).isEqualTo("failed");
    assertThat(span.getEvents()).isEmpty();
    assertThat(span.getAttributes().asMap().values())
        .noneMatch(v -> String.valueOf(v).contains(secret));
    assertThat(meters.get("assay.sql.failures").tag("reason", "failed").counter().count())
        .isEqualTo(1);
    assertThat(meters.get("assay.sql.execution").tag("outcome", "failed").timer().count())
        .isEqualTo(1);
  }

  @Test
  void aQueryRunInsideAnotherSpanIsItsChild() {
    var parent = otel.getTracer("test").spanBuilder("activity").startSpan();
    try (var ignored = parent.makeCurrent()) {
      warehouse.execute(
          warehouse.compose(Pick.builder().metric("loan_count").build()), Heartbeat.NONE);
    } finally {
      parent.end();
    }
    SpanData sql =
        spans.getFinishedSpanItems().stream()
            .filter(s -> s.getName().equals("SELECT"))
            .findFirst()
            .orElseThrow();
    assertThat(sql.getParentSpanId()).isEqualTo(parent.getSpanContext().getSpanId());
    assertThat(sql.getTraceId()).isEqualTo(parent.getSpanContext().getTraceId());
  }
}
