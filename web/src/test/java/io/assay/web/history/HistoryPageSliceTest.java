package io.assay.web.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
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
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.assay.contract.job.JobState;
import io.assay.web.errors.WebEdgeConfig;
import io.assay.web.jobs.JobService;
import io.assay.web.jobs.TestJobs;
import io.assay.web.ui.VisibleJobs;
import java.util.List;
import java.util.Optional;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/** The history page alone, its Temporal reads mocked: grouping, downloads and terminate. */
@WebMvcTest(HistoryPageController.class)
@Import({WebEdgeConfig.class, VisibleJobs.class})
class HistoryPageSliceTest {
  @Autowired MockMvc mvc;
  @MockitoBean JobService jobs;
  @MockitoBean JobHistories histories;
  @MockitoBean io.assay.web.temporal.TemporalConfig.EmbeddedTemporal temporal;

  @MockitoBean(answers = org.mockito.Answers.RETURNS_DEEP_STUBS)
  io.assay.web.config.AssayProperties props;

  private static HistoryEntry rejected(long id) {
    return new HistoryEntry(
        "job-1",
        id,
        "2026-12-01T10:00:00Z",
        "WorkflowExecutionUpdateRejected",
        EventCategory.UPDATE,
        null,
        null,
        "editPlan",
        "cannot change step 1: it has already started",
        "{\"op\":\"set_args\"}",
        null);
  }

  @BeforeEach
  void aJobWithRejectedEdits() {
    when(jobs.find("job-1"))
        .thenReturn(Optional.of(TestJobs.record("job-1", "alice", JobState.EXECUTING)));
    when(histories.of("job-1"))
        .thenReturn(
            new JobHistory(
                "job-1",
                List.of(
                    new WorkflowRun(
                        "job-1",
                        "run-1",
                        "job",
                        "Running",
                        List.of(rejected(4), rejected(5), rejected(6)))),
                null));
  }

  /** Event {@code i} of a long run: its duration and a payload longer than the page shows. */
  private static HistoryEntry completed(long i) {
    return new HistoryEntry(
        "job-2",
        i,
        "2026-12-01T10:00:00Z",
        "ActivityTaskCompleted",
        EventCategory.ACTIVITY,
        "RunAnalysis",
        (int) (i % 3) + 1,
        null,
        null,
        "{\"n\":" + i + ",\"rows\":\"" + "x".repeat(150) + "\"}",
        null,
        "+1 s",
        i + " ms");
  }

  private String page(String path) throws Exception {
    return mvc.perform(get(path).with(user("olga").roles("OPERATOR")))
        .andExpect(status().isOk())
        .andReturn()
        .getResponse()
        .getContentAsString();
  }

  @Test
  void aLongHistoryIsReadAPageAtATimeAndItsPayloadsWhenUnfolded() throws Exception {
    when(jobs.find("job-2"))
        .thenReturn(Optional.of(TestJobs.record("job-2", "alice", JobState.COMPLETED)));
    List<HistoryEntry> events = new java.util.ArrayList<>();
    for (long i = 1; i <= 450; i++) {
      events.add(completed(i));
    }
    when(histories.of("job-2"))
        .thenReturn(
            new JobHistory(
                "job-2",
                List.of(
                    new WorkflowRun("job-2", "run-a", "job", "Completed", events.subList(0, 250)),
                    new WorkflowRun(
                        "job-2:0:drill_down",
                        "run-b",
                        "step 1 · drill-down",
                        "Completed",
                        events.subList(250, 450))),
                null));

    String first = page("/jobs/job-2/history");
    assertThat(first)
        .contains("Events 1–200 of 450, page 1 of 3", "id=\"history-next\"", "page=2")
        .contains(">200 ms<")
        .doesNotContain(">201 ms<", "id=\"history-previous\"", "run-job-2:0:drill_down")
        // Payloads come folded to their first characters, the rest on demand.
        .contains(
            "data-src=\"/jobs/job-2/history/payload?workflow=job-2&amp;run=run-a&amp;event=7\"")
        .doesNotContain("x".repeat(150));

    // The second page holds the end of the job's run and the start of the step's, each with the
    // durations and attempts it was read with over the whole run.
    String second = page("/jobs/job-2/history?page=2");
    assertThat(second)
        .contains("Events 201–400 of 450, page 2 of 3", ">201 ms<", ">400 ms<")
        .contains("id=\"run-job-2\"", "id=\"run-job-2:0:drill_down\"")
        .doesNotContain(">401 ms<");
    // Past the end is the last page; a filter pages what it keeps.
    assertThat(page("/jobs/job-2/history?page=99")).contains("Events 401–450 of 450, page 3 of 3");
    assertThat(page("/jobs/job-2/history?workflow=job-2:0:drill_down"))
        .contains("200 of 450 events shown")
        .doesNotContain("page 1 of");

    when(histories.payload("job-2", "run-a", 7)).thenReturn(Optional.of("{\"n\":7}"));
    mvc.perform(
            get("/jobs/job-2/history/payload?workflow=job-2&run=run-a&event=7")
                .with(user("olga").roles("OPERATOR")))
        .andExpect(status().isOk())
        .andExpect(content().string("{\"n\":7}"));
    mvc.perform(
            get("/jobs/job-2/history/payload?workflow=job-9&event=7")
                .with(user("olga").roles("OPERATOR")))
        .andExpect(status().isNotFound());
  }

  @Test
  void rejectedUpdatesOfOneNameShowAsOneRowWithTheirCount() throws Exception {
    mvc.perform(get("/jobs/job-1/history").with(user("olga").roles("OPERATOR")))
        .andExpect(status().isOk())
        .andExpect(content().string(Matchers.containsString("data-count=\"3\"")))
        .andExpect(content().string(Matchers.containsString("refused 3 times")))
        .andExpect(
            content()
                .string(Matchers.containsString("cannot change step 1: it has already started")));
  }

  @Test
  void eachWorkflowLinksToTemporalsWebUiOnlyWhenOneRuns() throws Exception {
    mvc.perform(get("/jobs/job-1/history").with(user("olga").roles("OPERATOR")))
        .andExpect(status().isOk())
        .andExpect(content().string(Matchers.not(Matchers.containsString("temporal-ui"))));

    when(temporal.uiUrl()).thenReturn("http://127.0.0.1:8233/");
    when(temporal.workflowUiUrl(any(), anyString()))
        .thenAnswer(
            call ->
                Optional.of(
                    "http://127.0.0.1:8233/namespaces/default/workflows/" + call.getArgument(1)));
    mvc.perform(get("/jobs/job-1/history").with(user("olga").roles("OPERATOR")))
        .andExpect(status().isOk())
        .andExpect(content().string(Matchers.containsString("id=\"temporal-ui-link\"")))
        .andExpect(
            content()
                .string(
                    Matchers.containsString(
                        "href=\"http://127.0.0.1:8233/namespaces/default/workflows/job-1\"")))
        .andExpect(content().string(Matchers.containsString("class=\"hint temporal-ui\"")));
  }

  @Test
  void theHistoryDownloadsAsJsonOnlyForTheJobsOwnWorkflows() throws Exception {
    when(histories.json("job-1")).thenReturn("{\"events\":[]}");
    mvc.perform(get("/jobs/job-1/history.json").with(user("olga").roles("OPERATOR")))
        .andExpect(status().isOk())
        .andExpect(
            header().string("Content-Disposition", Matchers.containsString("job-1-history.json")));
    mvc.perform(
            get("/jobs/job-1/history.json")
                .param("workflow", "job-2")
                .with(user("olga").roles("OPERATOR")))
        .andExpect(status().isNotFound());
  }

  @Test
  void terminateNeedsAReason() throws Exception {
    mvc.perform(
            post("/jobs/job-1/terminate")
                .param("reason", "  ")
                .with(user("olga").roles("OPERATOR"))
                .with(csrf()))
        .andExpect(status().is3xxRedirection())
        .andExpect(flash().attributeExists("terminateError"));
    verify(jobs, never()).terminate(anyString(), anyString(), anyString());
  }
}
