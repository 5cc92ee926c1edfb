package io.assay.web.monitor;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.ArgumentMatchers.isNull;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.user;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobState;
import io.assay.contract.monitor.Verdict;
import io.assay.store.FeedbackRecord;
import io.assay.store.JobRecord;
import io.assay.web.errors.WebEdgeConfig;
import io.assay.web.jobs.InvalidSubmission;
import io.assay.web.jobs.JobService;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/** Feedback over REST alone: who may give it, and refusals as problem details. */
@WebMvcTest(FeedbackApiController.class)
@Import(WebEdgeConfig.class)
class FeedbackApiSliceTest {
  @Autowired MockMvc mvc;
  @MockitoBean JobService jobs;
  @MockitoBean FeedbackService feedback;
  @MockitoBean io.assay.web.temporal.TemporalConfig.EmbeddedTemporal temporal;

  @MockitoBean(answers = org.mockito.Answers.RETURNS_DEEP_STUBS)
  io.assay.web.config.AssayProperties props;

  private final JobRecord job =
      new JobRecord(
          "job-1",
          "q",
          "financial",
          "alice",
          ApprovalMode.AUTO,
          JobState.COMPLETED,
          null,
          1,
          1,
          null,
          null,
          OffsetDateTime.now(),
          OffsetDateTime.now(),
          OffsetDateTime.now());

  @BeforeEach
  void aliceHasAJob() {
    when(jobs.find("job-1")).thenReturn(Optional.of(job));
  }

  private static final String BODY =
      "{\"from\":\"1997-06-01\",\"to\":\"1997-06-30\",\"verdict\":\"NOT_INCIDENT\",\"note\":\"sale\"}";

  @Test
  void feedbackIsStoredWithWhoGaveIt() throws Exception {
    when(feedback.give(
            eq(job),
            isNull(),
            eq("1997-06-01"),
            eq("1997-06-30"),
            eq("NOT_INCIDENT"),
            eq("sale"),
            eq("alice")))
        .thenReturn(
            new FeedbackRecord(
                7,
                "job-1",
                "mon-1",
                "job-1:0:trend_anomaly",
                "cash",
                LocalDate.of(1997, 6, 1),
                LocalDate.of(1997, 6, 30),
                5.2,
                Verdict.NOT_INCIDENT,
                "sale",
                "alice",
                OffsetDateTime.now()));
    mvc.perform(
            post("/api/jobs/job-1/feedback")
                .with(user("alice").roles("ANALYST"))
                .with(csrf())
                .contentType(MediaType.APPLICATION_JSON)
                .content(BODY))
        .andExpect(status().isCreated())
        .andExpect(jsonPath("$.givenBy").value("alice"))
        .andExpect(jsonPath("$.verdict").value("NOT_INCIDENT"));
  }

  @Test
  void othersJobsAreForbiddenAndRefusalsNameTheField() throws Exception {
    mvc.perform(
            post("/api/jobs/job-1/feedback")
                .with(user("bob").roles("ANALYST"))
                .with(csrf())
                .contentType(MediaType.APPLICATION_JSON)
                .content(BODY))
        .andExpect(status().isForbidden());
    verify(feedback, never()).give(any(), any(), any(), any(), any(), any(), any());
    doThrow(new InvalidSubmission("from", "Job job-1 flagged no interval 1997-06-01 to 1997-06-30"))
        .when(feedback)
        .give(any(), any(), any(), any(), any(), any(), any());
    mvc.perform(
            post("/api/jobs/job-1/feedback")
                .with(user("alice").roles("ANALYST"))
                .with(csrf())
                .contentType(MediaType.APPLICATION_JSON)
                .content(BODY))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.fields.from").exists());
    mvc.perform(
            post("/api/jobs/job-9/feedback")
                .with(user("alice").roles("ANALYST"))
                .with(csrf())
                .contentType(MediaType.APPLICATION_JSON)
                .content(BODY))
        .andExpect(status().isNotFound());
  }
}
