package io.assay.web.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.user;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.flash;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrl;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.analyses.ArgSpec;
import io.assay.analyses.ArgType;
import io.assay.analyses.ArgsSchema;
import io.assay.contract.evidence.ArtifactInfo;
import io.assay.contract.evidence.ArtifactKind;
import io.assay.contract.evidence.ArtifactStatus;
import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobProgress;
import io.assay.contract.job.JobState;
import io.assay.contract.plan.Plan;
import io.assay.contract.plan.PlanEdit;
import io.assay.contract.plan.PlanStep;
import io.assay.report.words.Labels;
import io.assay.store.Artifact;
import io.assay.store.ArtifactStore;
import io.assay.store.JobRecord;
import io.assay.web.errors.WebEdgeConfig;
import io.assay.web.jobs.JobActionRejected;
import io.assay.web.jobs.JobService;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;

/**
 * The job page's actions and the CSV download alone, with their services mocked: what a form sends
 * becomes the edit the workflow receives, refusals come back next to the form, step numbers are
 * 1-based and cannot wrap.
 */
@WebMvcTest({JobPageController.class, ArtifactCsvController.class})
@Import({WebEdgeConfig.class, VisibleJobs.class})
class JobPageSliceTest {
  @Autowired MockMvc mvc;
  @MockitoBean JobService jobs;
  @MockitoBean JobPages pages;
  @MockitoBean LiveProgress live;
  @MockitoBean ArtifactStore artifacts;
  @MockitoBean DatasetLabels labels;
  @MockitoBean io.assay.web.temporal.TemporalConfig.EmbeddedTemporal temporal;
  @MockitoBean io.assay.web.monitor.JobMonitoring monitoring;

  @MockitoBean(answers = org.mockito.Answers.RETURNS_DEEP_STUBS)
  io.assay.web.config.AssayProperties props;

  private static final ArgsSchema TREND =
      ArgsSchema.of(
          ArgSpec.required("metric", ArgType.METRIC, "what to scan"),
          ArgSpec.optional("grain", ArgType.TIME_GRAIN, "period length", "month"),
          ArgSpec.optional("time", ArgType.TIME_FILTER, "window", null),
          ArgSpec.optional("filters", ArgType.FILTERS, "rows kept", null));

  private final JobRecord job =
      new JobRecord(
          "job-1",
          "q",
          "financial",
          "alice",
          ApprovalMode.REQUIRE,
          JobState.AWAITING_APPROVAL,
          null,
          0,
          1,
          null,
          null,
          OffsetDateTime.now(),
          OffsetDateTime.now(),
          null);

  @BeforeEach
  void aliceHasAPlan() {
    when(jobs.find("job-1")).thenReturn(Optional.of(job));
    Plan plan =
        new Plan(
            List.of(
                new PlanStep(
                    "trend_anomaly",
                    Map.of(
                        "metric",
                        "card_withdrawal_amount",
                        "filters",
                        List.of(
                            Map.of(
                                "kind",
                                "compare",
                                "column",
                                "trans.type",
                                "op",
                                "eq",
                                "value",
                                "VYDAJ"))),
                    "",
                    null)),
            "");
    JobProgress progress =
        new JobProgress(
            "job-1",
            JobState.AWAITING_APPROVAL,
            null,
            0,
            1,
            null,
            null,
            null,
            plan,
            List.of(),
            null,
            List.of(),
            null,
            List.of());
    when(live.of(job)).thenReturn(progress);
    when(pages.schema("trend_anomaly")).thenReturn(Optional.of(TREND));
    when(labels.of(anyString())).thenReturn(Labels.of(Map.of("trans.date", "Transaction date")));
  }

  private MockHttpServletRequestBuilder asAlice(MockHttpServletRequestBuilder request) {
    return request.with(user("alice").roles("ANALYST")).with(csrf());
  }

  private static JobPageController.Outcome rejection(
      org.springframework.test.web.servlet.MvcResult result) {
    Object o = result.getFlashMap().get("rejection");
    assertThat(o).as("a rejection next to the form").isInstanceOf(JobPageController.Outcome.class);
    return (JobPageController.Outcome) o;
  }

  @Test
  void theAddStepFormGeneratedFromTheSchemaAddsAStepWithTypedArguments() throws Exception {
    mvc.perform(
            asAlice(post("/jobs/job-1/plan/steps/form"))
                .param("analysis", "trend_anomaly")
                .param("position", "2")
                .param("why", "the weekly view")
                .param("arg.metric", "card_withdrawal_amount")
                .param("arg.grain", "week")
                .param("arg.time.kind", "year")
                .param("arg.time.year", "1996"))
        .andExpect(status().is3xxRedirection())
        .andExpect(redirectedUrl("/jobs/job-1#plan"))
        .andExpect(flash().attributeExists("notice"));
    ArgumentCaptor<PlanEdit> edit = ArgumentCaptor.forClass(PlanEdit.class);
    verify(jobs).edit(eq("job-1"), eq("alice"), edit.capture());
    PlanEdit.AddStep add = (PlanEdit.AddStep) edit.getValue();
    assertThat(add.index()).isEqualTo(1);
    assertThat(add.analysis()).isEqualTo("trend_anomaly");
    assertThat(add.why()).isEqualTo("the weekly view");
    assertThat(add.args())
        .containsOnlyKeys("metric", "grain", "time")
        .containsEntry("grain", "week")
        .containsEntry("time", Map.of("kind", "year", "year", 1996));
  }

  @Test
  void choosingAnotherAnalysisFetchesItsFieldsAlone() throws Exception {
    when(pages.analysisHelp("financial", null, "drill_down"))
        .thenReturn(
            Map.of(
                "drill_down",
                new JobPages.AnalysisHelp("Explains a change", "{}", List.of(), List.of(), true)));
    mvc.perform(asAlice(get("/jobs/job-1/parts/add")).param("add", "drill_down"))
        .andExpect(status().isOk())
        .andExpect(
            content()
                .string(
                    org.hamcrest.Matchers.allOf(
                        org.hamcrest.Matchers.containsString("id=\"add-drill_down\""),
                        org.hamcrest.Matchers.containsString("Explains a change"),
                        org.hamcrest.Matchers.not(
                            org.hamcrest.Matchers.containsString("id=\"add-form\"")))));
  }

  @Test
  void theAddStepFormRefusesAnUnknownAnalysisAndABadValueBeforeTheWorkflow() throws Exception {
    mvc.perform(asAlice(post("/jobs/job-1/plan/steps/form")).param("analysis", "horoscope"))
        .andExpect(status().is3xxRedirection())
        .andExpect(redirectedUrl("/jobs/job-1#add-step"))
        .andDo(r -> assertThat(rejection(r).message()).contains("horoscope is not known"));
    mvc.perform(
            asAlice(post("/jobs/job-1/plan/steps/form"))
                .param("analysis", "trend_anomaly")
                .param("arg.time.kind", "year")
                .param("arg.time.year", "nineteen"))
        .andExpect(status().is3xxRedirection())
        .andDo(r -> assertThat(rejection(r).where()).isEqualTo("add"));
    verify(jobs, never()).edit(anyString(), anyString(), any());
  }

  @Test
  void theGeneratedFormSendsOnlyWhatChangedAsTypedValues() throws Exception {
    mvc.perform(
            asAlice(post("/jobs/job-1/plan/steps/0/form"))
                .param("arg.metric", "card_withdrawal_amount")
                .param("arg.grain", "week")
                .param("arg.time.kind", "quarter")
                .param("arg.time.year", "1997")
                .param("arg.time.quarter", "2"))
        .andExpect(status().is3xxRedirection())
        .andExpect(redirectedUrl("/jobs/job-1#plan"))
        .andExpect(flash().attributeExists("notice"));
    ArgumentCaptor<PlanEdit> edit = ArgumentCaptor.forClass(PlanEdit.class);
    verify(jobs).edit(eq("job-1"), eq("alice"), edit.capture());
    PlanEdit.SetArgs set = (PlanEdit.SetArgs) edit.getValue();
    assertThat(set.index()).isZero();
    // The metric did not change and the filters are not on the form: neither is sent.
    assertThat(set.args())
        .containsOnlyKeys("grain", "time")
        .containsEntry("grain", "week")
        .containsEntry("time", Map.of("kind", "quarter", "year", 1997, "quarter", 2));
  }

  @Test
  void aFormValueOfTheWrongTypeIsRefusedBeforeTheWorkflowSeesIt() throws Exception {
    mvc.perform(
            asAlice(post("/jobs/job-1/plan/steps/0/form"))
                .param("arg.metric", "card_withdrawal_amount")
                .param("arg.time.kind", "year")
                .param("arg.time.year", "nineteen"))
        .andExpect(status().is3xxRedirection())
        .andDo(
            r ->
                assertThat(rejection(r).message())
                    .contains("Time: the year must be a whole number"));
    verify(jobs, never()).edit(anyString(), anyString(), any());
  }

  @Test
  void anInvertedOrOutOfDataRangeIsRefusedNextToTheFormKeepingWhatWasTyped() throws Exception {
    mvc.perform(
            asAlice(post("/jobs/job-1/plan/steps/0/form"))
                .param("arg.metric", "card_withdrawal_amount")
                .param("arg.time.kind", "range")
                .param("arg.time.from", "1997-06-30")
                .param("arg.time.to", "1997-03-01"))
        .andExpect(status().is3xxRedirection())
        .andDo(
            r ->
                assertThat(rejection(r).message())
                    .isEqualTo(
                        "Time: the first day (30 June 1997) is after the last day (1 March"
                            + " 1997); swap them."));
    when(pages.choices(job))
        .thenReturn(
            new ArgForms.Choices(
                List.of(),
                List.of(),
                1993,
                1998,
                Labels.NONE,
                Map.of(
                    "card_withdrawal_amount",
                    new DataWindow(
                        java.time.LocalDate.of(1993, 1, 1),
                        java.time.LocalDate.of(1998, 12, 31)))));
    mvc.perform(
            asAlice(post("/jobs/job-1/plan/steps/0/form"))
                .param("arg.metric", "card_withdrawal_amount")
                .param("arg.time.kind", "range")
                .param("arg.time.from", "2001-01-01")
                .param("arg.time.to", "2001-03-31"))
        .andDo(
            r -> {
              JobPageController.Outcome o = rejection(r);
              assertThat(o.message())
                  .isEqualTo(
                      "Time: January to March 2001 is after the data, which runs from 1 January"
                          + " 1993 to 31 December 1998. Choose a period within it.");
              assertThat(o.draft()).startsWith("form:").contains("2001-01-01", "2001-03-31");
            });
    verify(jobs, never()).edit(anyString(), anyString(), any());
  }

  @Test
  void aRefusedFormKeepsWhatWasTypedAsADraft() throws Exception {
    org.mockito.Mockito.doThrow(new JobActionRejected("grain week is not supported"))
        .when(jobs)
        .edit(eq("job-1"), eq("alice"), any());
    mvc.perform(
            asAlice(post("/jobs/job-1/plan/steps/0/form"))
                .param("arg.metric", "card_withdrawal_amount")
                .param("arg.grain", "week"))
        .andDo(
            r ->
                assertThat(rejection(r).draft())
                    .startsWith("form:")
                    .contains("\"grain\":\"week\""));
  }

  @Test
  void stepNumbersAreOneBasedAndTheLargestIndexDoesNotWrap() throws Exception {
    mvc.perform(asAlice(post("/jobs/job-1/plan/steps/2147483647/form")).param("arg.grain", "week"))
        .andDo(
            r ->
                assertThat(rejection(r).message())
                    .contains("Step 2147483648 does not exist")
                    .doesNotContain("-2147483648"));
    org.mockito.Mockito.doThrow(new JobActionRejected("cannot remove step 3: there is no step 3"))
        .when(jobs)
        .edit(eq("job-1"), eq("alice"), any());
    mvc.perform(asAlice(post("/jobs/job-1/plan/steps/2147483647/remove")))
        .andDo(r -> assertThat(rejection(r).where()).isEqualTo("step-2147483647"));
  }

  @Test
  void theFullResultDownloadsAsCsvWithPeoplesColumnNames() throws Exception {
    ArtifactInfo info =
        new ArtifactInfo(
            new ArtifactRef(7, "a".repeat(64)),
            "job-1",
            "job-1:0:trend_anomaly",
            ArtifactKind.QUERY_RESULT,
            ArtifactStatus.ACCEPTED,
            null,
            10,
            Instant.now());
    String content =
        new ObjectMapper()
            .writeValueAsString(
                Map.of(
                    "columns", List.of("trans.date", "total"),
                    "rows", List.of(List.of("1997-01-01", 12.5), List.of("=cmd()", 3))));
    when(artifacts.find(7)).thenReturn(Optional.of(new Artifact(info, content)));
    mvc.perform(asAlice(get("/jobs/job-1/artifacts/7.csv")))
        .andExpect(status().isOk())
        .andExpect(
            header()
                .string(
                    "Content-Disposition",
                    org.hamcrest.Matchers.containsString("assay-job-1-7.csv")))
        .andExpect(content().string("Transaction date,Total\r\n1997-01-01,12.5\r\n'=cmd(),3\r\n"));
    when(artifacts.find(8)).thenReturn(Optional.empty());
    mvc.perform(asAlice(get("/jobs/job-1/artifacts/8.csv"))).andExpect(status().isNotFound());
  }

  @Test
  void anotherAnalystCannotDownloadAliceSResult() throws Exception {
    mvc.perform(get("/jobs/job-1/artifacts/7.csv").with(user("bob").roles("ANALYST")))
        .andExpect(status().isForbidden());
    verify(artifacts, never()).find(org.mockito.ArgumentMatchers.anyLong());
  }
}
