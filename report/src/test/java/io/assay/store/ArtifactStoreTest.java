package io.assay.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.assay.contract.evidence.ArtifactInfo;
import io.assay.contract.evidence.ArtifactKind;
import io.assay.contract.evidence.ArtifactStatus;
import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.DisplayFormat;
import io.assay.contract.finding.TimeSeriesChart;
import io.assay.report.evidence.EvidencePool;
import io.assay.report.evidence.QueryResult;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ArtifactStoreTest {
  private static DataSource db;
  private static ArtifactStore store;

  @BeforeAll
  static void database() {
    db = TestDatabase.admin();
    store = new ArtifactStore(db);
  }

  private static String job() {
    return "job-" + UUID.randomUUID();
  }

  private static QueryResult rows() {
    return new QueryResult(
        "select 1",
        List.of("month", "amount"),
        List.of(List.of("1997-01", 10.5), List.of("1997-02", 11.0)));
  }

  @Test
  void writeReadBackVerifyAccept() {
    String job = job();
    ArtifactInfo info =
        store.store(job, job + ":0:a", ArtifactKind.QUERY_RESULT, job + ":q", rows());
    assertThat(info.status()).isEqualTo(ArtifactStatus.ACCEPTED);
    assertThat(info.ref().sha256()).isEqualTo(CanonicalJson.sha256(CanonicalJson.write(rows())));
    Artifact read = store.find(info.ref().id()).orElseThrow();
    assertThat(read.intact()).isTrue();
    assertThat(read.json().at("/rows/1/1").asDouble()).isEqualTo(11.0);
  }

  @Test
  void aRetriedWriteFindsItsRowInsteadOfAddingOne() throws SQLException {
    String job = job();
    ArtifactInfo first =
        store.store(job, job + ":0:a", ArtifactKind.QUERY_RESULT, job + ":q", rows());
    ArtifactInfo retry =
        store.store(job, job + ":0:a", ArtifactKind.QUERY_RESULT, job + ":q", rows());
    assertThat(retry.ref()).isEqualTo(first.ref());
    assertThat(count("select count(*) from assay.artifact where job_id = ?", job)).isEqualTo(1);
    assertThatThrownBy(
            () ->
                store.store(
                    job,
                    job + ":0:a",
                    ArtifactKind.QUERY_RESULT,
                    job + ":q",
                    Map.of("columns", List.of("x"), "rows", List.of())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("a retry must write the same content");
  }

  @Test
  void contentThatFailsValidationIsRevokedAndCanNeverBeCited() {
    String job = job();
    ArtifactInfo ragged =
        store.store(
            job,
            job + ":0:a",
            ArtifactKind.QUERY_RESULT,
            job + ":bad",
            Map.of("columns", List.of("a", "b"), "rows", List.of(List.of(1))));
    assertThat(ragged.status()).isEqualTo(ArtifactStatus.REVOKED);
    assertThat(ragged.revokedReason()).isEqualTo("row 0 does not have 2 values like the columns");
    ArtifactInfo chart =
        store.store(
            job,
            job + ":0:a",
            ArtifactKind.CHART_DATA,
            job + ":chart",
            Map.of(
                "type",
                "time_series",
                "id",
                "t",
                "title",
                "T",
                "format",
                Map.of("style", "NUMBER", "decimals", 0),
                "points",
                List.of(
                    Map.of("period", "1997-02", "actual", 1),
                    Map.of("period", "1997-01", "actual", 2))));
    assertThat(chart.status()).isEqualTo(ArtifactStatus.REVOKED);
    assertThat(chart.revokedReason()).contains("not in time order at 1997-01");
    assertThatThrownBy(
            () ->
                store.storeAccepted(
                    job, job + ":0:a", ArtifactKind.COMPUTATION, job + ":empty", Map.of()))
        .isInstanceOf(ArtifactRejectedException.class)
        .hasMessageContaining("was revoked: a computation must be a non-empty JSON object");

    EvidencePool pool = EvidencePool.load(store, new FindingStore(db), job);
    assertThat(pool.accepted()).isEmpty();
    assertThat(pool.whyNotCitable(ragged.ref())).get().asString().contains("was revoked");
    assertThatThrownBy(
            () ->
                execute(
                    "update assay.artifact set status = 'accepted' where id = "
                        + ragged.ref().id()))
        .hasMessageContaining("can never be reinstated");
  }

  @Test
  void storingAChartReturnsItCitingItsOwnArtifact() {
    String job = job();
    TimeSeriesChart chart =
        new TimeSeriesChart(
            "t",
            "Monthly",
            "CZK",
            DisplayFormat.grouped(0),
            List.of(
                new TimeSeriesChart.Point("1997-01", 1, 1.0, 0.5, 1.5),
                new TimeSeriesChart.Point("1997-02", 2, null, null, null)),
            List.of(),
            null);
    TimeSeriesChart stored = store.storeChart(job, job + ":0:t", job + ":chart", chart);
    assertThat(stored.source()).isNotNull();
    Artifact artifact = store.find(stored.source().id()).orElseThrow();
    assertThat(artifact.json()).isEqualTo(ArtifactStore.chartContent(stored));
    assertThat(CanonicalJson.convert(artifact.json(), TimeSeriesChart.class)).isEqualTo(chart);
  }

  @Test
  void contentChangedAfterAcceptanceIsRevokedWhenThePoolLoads() throws SQLException {
    String job = job();
    ArtifactRef ref =
        store.storeAccepted(
            job, job + ":0:a", ArtifactKind.COMPUTATION, job + ":c", Map.of("score", 0.83));
    assertThatThrownBy(
            () ->
                execute(
                    "update assay.artifact set content = '{\"score\":0.93}' where id = "
                        + ref.id()))
        .hasMessageContaining("is immutable");
    // Simulate corruption below the application (the trigger cannot see it): bypass triggers.
    try (Connection c = db.getConnection();
        Statement s = c.createStatement()) {
      s.execute("set session_replication_role = replica");
      s.execute("update assay.artifact set content = '{\"score\":0.93}' where id = " + ref.id());
      s.execute("set session_replication_role = origin");
    }
    EvidencePool pool = EvidencePool.load(store, new FindingStore(db), job);
    assertThat(pool.citable(ref)).isFalse();
    assertThat(store.info(ref.id()).orElseThrow().revokedReason())
        .isEqualTo("content no longer matches its SHA-256");
  }

  @Test
  void anotherJobsArtifactIsNotCitable() {
    String a = job();
    String b = job();
    ArtifactRef foreign =
        store.storeAccepted(b, b + ":0:a", ArtifactKind.COMPUTATION, b + ":c", Map.of("x", 1));
    EvidencePool pool = EvidencePool.load(store, new FindingStore(db), a);
    assertThat(pool.whyNotCitable(foreign))
        .contains("artifact " + foreign.label() + " is not an artifact of job " + a);
    ArtifactRef wrongHash = new ArtifactRef(foreign.id(), "0".repeat(64));
    assertThat(EvidencePool.load(store, new FindingStore(db), b).whyNotCitable(wrongHash))
        .get()
        .asString()
        .contains("hash that differs");
  }

  private static long count(String sql, String arg) throws SQLException {
    try (Connection c = db.getConnection();
        PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setString(1, arg);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getLong(1);
      }
    }
  }

  private static void execute(String sql) throws SQLException {
    try (Connection c = db.getConnection();
        Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }
}
