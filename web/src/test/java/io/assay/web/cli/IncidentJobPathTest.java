package io.assay.web.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.datasets.registry.DatasetRegistry;
import io.assay.datasets.registry.ExternalCopy;
import io.assay.datasets.testing.TestWarehouse;
import io.assay.evals.incidents.IncidentEval;
import io.assay.evals.incidents.IncidentSchema;
import io.assay.recon.ReconRegistry;
import io.assay.recon.knowledge.KnowledgeSource;
import io.assay.report.ReportStore;
import io.assay.store.FindingStore;
import io.assay.store.JobStore;
import io.assay.web.AssayApplication;
import io.assay.web.database.DatasetConnections;
import io.assay.web.support.TestStack;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The incident benchmark through the real job path: the injected copy served as an external
 * dataset, each case a job of the workflow on the in-process Temporal service, scored from what the
 * job persisted; the copy served only while the benchmark runs.
 */
class IncidentJobPathTest {
  private static final String COPY = "incident_eval_test";

  @Test
  void eachCaseIsAJobOnTheCopyScoredFromItsPersistedFindings(@TempDir Path work) throws Exception {
    TestWarehouse w = TestWarehouse.get();
    IncidentSchema.copy(w.adminDataSource(), w.readerUsername(), "financial", COPY);
    Path folders = Files.createDirectories(work.resolve("datasets"));
    ExternalCopy.write(
        DatasetRegistry.load(List.of("financial"), Optional.empty()).require("financial"),
        KnowledgeSource.classpath("financial").read(),
        COPY,
        COPY,
        folders);
    List<String> args = new ArrayList<>(List.of(TestStack.args(work.resolve("home").toString())));
    args.addAll(
        List.of(
            "--server.port=0",
            "--assay.datasets.enabled=" + COPY,
            "--assay.datasets.dir=" + folders,
            "--assay.datasets.source." + COPY + ".url=" + w.jdbcUrl(),
            "--assay.datasets.source." + COPY + ".username=" + w.readerUsername(),
            "--assay.datasets.source." + COPY + ".password=" + w.readerPassword()));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    try (ConfigurableApplicationContext app =
        new SpringApplicationBuilder(AssayApplication.class).run(args.toArray(String[]::new))) {
      DataSource admin = app.getBean("dataSource", DataSource.class);
      try (IncidentSchema copy =
          IncidentSchema.attach(
              admin,
              app.getBean(DatasetConnections.class).reader(COPY),
              app.getBean(ReconRegistry.class).get(COPY),
              "financial")) {
        IncidentEval.run(
            new IncidentEval.Options("financial", 1, 3, true),
            copy,
            COPY,
            WorkflowJobs.of(app, COPY),
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
      }
      JsonNode score = new ObjectMapper().readTree(out.toString(StandardCharsets.UTF_8));
      for (String key :
          List.of(
              "cases",
              "period_hit_at_1",
              "direction",
              "cause_hit_at_1",
              "cause_hit_at_3",
              "false_alarm_rate",
              "consistency")) {
        assertThat(score.has(key)).as(key).isTrue();
      }
      assertThat(score.path("cases").asInt()).isEqualTo(3);
      JobStore jobs = app.getBean(JobStore.class);
      FindingStore findings = app.getBean(FindingStore.class);
      ReportStore reports = app.getBean(ReportStore.class);
      for (JsonNode c : score.path("results")) {
        String job = c.path("job").asText();
        assertThat(jobs.find(job)).as(c.toString()).isPresent();
        assertThat(jobs.find(job).get().dataset()).isEqualTo(COPY);
        assertThat(jobs.find(job).get().state().name()).isEqualTo("COMPLETED");
        assertThat(reports.find(job)).as("the job's report").isPresent();
        assertThat(findings.forJob(job)).as("the job's findings").isNotEmpty();
        assertThat(c.path("decision").asText()).isEqualTo("PLAN");
        assertThat(c.path("note").asText()).as(c.toString()).isEmpty();
        // What was scored is what the job recorded: its trace is the job's own findings.
        String trace = c.path("trace").asText();
        assertThat(findings.forJob(job))
            .as(trace)
            .anyMatch(f -> f.keyPath() != null && trace.contains(f.keyPath()));
      }
    } finally {
      IncidentSchema.drop(w.adminDataSource(), COPY);
    }
    try (var c = w.adminDataSource().getConnection();
        var rs = c.getMetaData().getSchemas(null, COPY)) {
      assertThat(rs.next()).as("the copy is dropped").isFalse();
    }
  }
}
