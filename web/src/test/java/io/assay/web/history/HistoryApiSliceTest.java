package io.assay.web.history;

import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.user;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.assay.contract.job.JobState;
import io.assay.web.errors.WebEdgeConfig;
import io.assay.web.jobs.JobService;
import io.assay.web.jobs.TestJobs;
import io.assay.web.ui.VisibleJobs;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/** The history API alone, its Temporal reads mocked: filters, unknown jobs, bad parameters. */
@WebMvcTest(HistoryApiController.class)
@Import({WebEdgeConfig.class, VisibleJobs.class})
class HistoryApiSliceTest {
  @Autowired MockMvc mvc;
  @MockitoBean JobService jobs;
  @MockitoBean JobHistories histories;
  @MockitoBean io.assay.web.temporal.TemporalConfig.EmbeddedTemporal temporal;

  @MockitoBean(answers = org.mockito.Answers.RETURNS_DEEP_STUBS)
  io.assay.web.config.AssayProperties props;

  private static HistoryEntry event(String workflowId, long id, String type, EventCategory cat) {
    return new HistoryEntry(
        workflowId, id, "2026-12-01T10:00:00Z", type, cat, null, null, null, null, null, null);
  }

  @BeforeEach
  void aJobWithAStep() {
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
                        List.of(
                            event("job-1", 1, "WorkflowExecutionStarted", EventCategory.WORKFLOW),
                            event("job-1", 5, "TimerStarted", EventCategory.TIMER))),
                    new WorkflowRun(
                        "job-1:0:trend_anomaly",
                        "run-2",
                        "step",
                        "Completed",
                        List.of(
                            event(
                                "job-1:0:trend_anomaly",
                                5,
                                "ActivityTaskFailed",
                                EventCategory.ACTIVITY)))),
                null));
  }

  @Test
  void theWholeHistoryListsEveryRunInOrder() throws Exception {
    mvc.perform(get("/api/jobs/job-1/history").with(user("olga").roles("OPERATOR")))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.runs.length()").value(2))
        .andExpect(jsonPath("$.runs[0].workflowId").value("job-1"))
        .andExpect(jsonPath("$.runs[1].events[0].type").value("ActivityTaskFailed"));
  }

  @Test
  void categoryTypeAndWorkflowFiltersNarrowTheEvents() throws Exception {
    mvc.perform(
            get("/api/jobs/job-1/history")
                .param("category", "TIMER")
                .with(user("olga").roles("OPERATOR")))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.runs[0].events.length()").value(1))
        .andExpect(jsonPath("$.runs[0].events[0].type").value("TimerStarted"))
        .andExpect(jsonPath("$.runs[1].events.length()").value(0));
    mvc.perform(
            get("/api/jobs/job-1/history")
                .param("type", "ActivityTaskFailed")
                .param("workflow", "job-1:0:trend_anomaly")
                .with(user("olga").roles("OPERATOR")))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.runs.length()").value(1))
        .andExpect(jsonPath("$.runs[0].events.length()").value(1));
  }

  @Test
  void anUnknownCategoryIsABadRequestNotAnError() throws Exception {
    mvc.perform(
            get("/api/jobs/job-1/history")
                .param("category", "NOT_A_CATEGORY")
                .with(user("olga").roles("OPERATOR")))
        .andExpect(status().isBadRequest());
  }

  @Test
  void anUnknownJobIsNotFoundAndNoHistoryIsRead() throws Exception {
    when(jobs.find("job-9")).thenReturn(Optional.empty());
    mvc.perform(get("/api/jobs/job-9/history").with(user("olga").roles("OPERATOR")))
        .andExpect(status().isNotFound())
        .andExpect(jsonPath("$.detail").value("There is no job job-9."));
    verify(histories, never()).of("job-9");
  }
}
