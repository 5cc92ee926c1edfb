package io.assay.analyses;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.assay.algorithms.forecast.StatisticalForecaster;
import io.assay.contract.evidence.ArtifactStatus;
import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.ChartData;
import io.assay.contract.finding.Figure;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.Operand;
import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobRequest;
import io.assay.datasets.testing.TestWarehouse;
import io.assay.recon.Recon;
import io.assay.recon.ReconLoader;
import io.assay.recon.execute.SqlExecutor;
import io.assay.store.AppSchema;
import io.assay.store.Artifact;
import io.assay.store.ArtifactStore;
import io.assay.store.CanonicalJson;
import io.assay.store.JobEvent;
import io.assay.store.JobStore;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The real stack the analyses run on in tests: the shared test warehouse, recon built from it, the
 * read-only executor, the artifact store and the job event stream in schema assay. Job ids are
 * unique per run because the warehouse (and its assay schema) persists between runs.
 */
public final class AnalysisFixture {
  private static AnalysisFixture instance;

  public final TestWarehouse warehouse;
  public final Recon recon;
  public final ReconWarehouse reconWarehouse;
  public final ArtifactStore artifacts;
  public final JobStore jobs;

  private AnalysisFixture() {
    warehouse = TestWarehouse.get();
    AppSchema.migrate(warehouse.adminDataSource());
    recon = ReconLoader.load(warehouse.readerDataSource(), "financial");
    reconWarehouse = new ReconWarehouse(recon, new SqlExecutor(warehouse.readerDataSource()));
    artifacts = new ArtifactStore(warehouse.adminDataSource());
    jobs = new JobStore(warehouse.adminDataSource());
  }

  public static synchronized AnalysisFixture get() {
    if (instance == null) {
      instance = new AnalysisFixture();
    }
    return instance;
  }

  /** A new job row (events need one) and a context for its step 0 on the given warehouse. */
  public AnalysisContext context(String name, Warehouse on) {
    String jobId = "test-" + name + "-" + UUID.randomUUID();
    jobs.create(
        new JobRequest(
            jobId, "test " + name, "financial", "tester", ApprovalMode.AUTO, 0, List.of(), null),
        "{}");
    return new AnalysisContext(
        jobId,
        0,
        on,
        artifacts,
        (job, key, type, json) -> jobs.appendEvent(job, key, type, json),
        new StatisticalForecaster(),
        List.of(),
        Heartbeat.NONE);
  }

  public AnalysisContext context(String name) {
    return context(name, reconWarehouse);
  }

  public AnalysisRunner runner() {
    return new AnalysisRunner(AnalysisRegistry.discover());
  }

  public List<JobEvent> events(String jobId) {
    return jobs.events(jobId, 0);
  }

  /**
   * What the evidence checks will require of a Finding: every artifact accepted and of this job;
   * every operand's value at its pointer in its artifact; every derivation recomputes to its
   * figure; every chart equal to its stored dataset.
   */
  public void assertTraceable(Finding finding, String jobId) {
    for (ArtifactRef ref : finding.artifacts()) {
      Artifact a = artifacts.find(ref.id()).orElseThrow();
      assertThat(a.info().status())
          .as("artifact %s", ref.label())
          .isEqualTo(ArtifactStatus.ACCEPTED);
      assertThat(a.info().jobId()).isEqualTo(jobId);
    }
    for (Figure f : finding.figures()) {
      assertThat(finding.artifacts())
          .as("figure %s cites a listed artifact", f.id())
          .contains(f.artifact());
      assertThat(f.derivation().recompute())
          .as("figure %s recomputes", f.id())
          .isEqualTo(f.value());
      for (Operand o : f.derivation().inputs()) {
        assertThat(finding.artifacts())
            .as("operand %s of %s", o.name(), f.id())
            .contains(o.artifact());
        JsonNode content =
            CanonicalJson.parse(artifacts.find(o.artifact().id()).orElseThrow().content());
        JsonNode at = content.at(o.pointer());
        assertThat(at.isNumber())
            .as("operand %s of %s at %s is a number (%s)", o.name(), f.id(), o.pointer(), at)
            .isTrue();
        assertThat(at.asDouble())
            .as("operand %s of %s at %s", o.name(), f.id(), o.pointer())
            .isEqualTo(o.value());
      }
    }
    for (ChartData chart : finding.charts()) {
      JsonNode stored =
          CanonicalJson.parse(artifacts.find(chart.source().id()).orElseThrow().content());
      assertThat(stored).as("chart %s", chart.id()).isEqualTo(ArtifactStore.chartContent(chart));
    }
  }

  /** Figures by id, for assertions. */
  public static Map<String, Figure> figures(Finding f) {
    java.util.Map<String, Figure> m = new java.util.LinkedHashMap<>();
    f.figures().forEach(x -> m.put(x.id(), x));
    return m;
  }
}
