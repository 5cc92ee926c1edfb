package io.assay.web.monitor;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.user;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrl;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.assay.contract.monitor.AlertRule;
import io.assay.store.MonitorRecord;
import io.assay.web.errors.WebEdgeConfig;
import io.assay.web.jobs.JobService;
import io.assay.web.ui.VisibleJobs;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/** The monitors pages alone: escaped output, per-owner access, the actions' buttons. */
@WebMvcTest(MonitorPageController.class)
@Import({WebEdgeConfig.class, VisibleJobs.class})
class MonitorPageSliceTest {
  @Autowired MockMvc mvc;
  @MockitoBean MonitorService monitors;
  @MockitoBean MonitorViews views;
  @MockitoBean FeedbackService feedback;
  @MockitoBean JobService jobs;
  @MockitoBean io.assay.web.temporal.TemporalConfig.EmbeddedTemporal temporal;

  @MockitoBean(answers = org.mockito.Answers.RETURNS_DEEP_STUBS)
  io.assay.web.config.AssayProperties props;

  private final MonitorRecord mine =
      new MonitorRecord(
          "mon-1",
          "alice",
          "financial",
          "Is <script>alert(1)</script> unusual?",
          "job-1",
          "{}",
          12,
          "month",
          "every",
          "1 month",
          "Europe/Prague",
          List.of(),
          AlertRule.LATEST_PERIOD_FLAGGED,
          "active",
          OffsetDateTime.now(),
          OffsetDateTime.now());

  @BeforeEach
  void aliceHasAMonitorWithTwoRuns() {
    OffsetDateTime t = OffsetDateTime.parse("2026-12-01T06:00:00Z");
    List<MonitorView.Run> runs =
        List.of(
            new MonitorView.Run(
                "job-3",
                "COMPLETED",
                "no alert: the latest period was not flagged",
                "w",
                List.of(),
                List.of(
                    new MonitorView.Delivery(
                        "hook", "not confirmed yet after 2 attempts: HTTP 503", null)),
                t,
                t),
            new MonitorView.Run(
                "job-2",
                "COMPLETED",
                "alert: flagged 1997-06",
                "w",
                List.of("files: CONFIRMED ab12"),
                List.of(
                    new MonitorView.Delivery(
                        "files",
                        "written to /srv/reports/job-2",
                        Instant.parse("2026-12-01T06:05:00Z"))),
                t,
                t));
    MonitorView view =
        MonitorView.of(
            mine,
            true,
            false,
            List.of(Instant.parse("2027-01-01T05:00:00Z")),
            runs,
            Map.of("NOT_INCIDENT", 2));
    when(monitors.find("mon-1")).thenReturn(Optional.of(mine));
    when(monitors.list(any())).thenReturn(List.of(mine));
    when(monitors.unavailable()).thenReturn(Optional.empty());
    when(views.of(mine)).thenReturn(view);
  }

  @Test
  void theListShowsCadenceNextRunLastOutcomeAndLastAlertEscaped() throws Exception {
    mvc.perform(get("/monitors").with(user("alice").roles("ANALYST")))
        .andExpect(status().isOk())
        .andExpect(content().string(Matchers.containsString("every 1 month")))
        .andExpect(content().string(Matchers.containsString("2027-01-01T05:00:00Z")))
        .andExpect(content().string(Matchers.containsString("completed · no alert")))
        .andExpect(content().string(Matchers.containsString("2026-12-01 06:00")))
        .andExpect(content().string(Matchers.containsString("&lt;script&gt;")))
        .andExpect(content().string(Matchers.not(Matchers.containsString("<script>alert"))));
    verify(monitors).list("alice");
  }

  @Test
  void aMonitorsPageShowsRunsReceiptsFeedbackAndItsButtons() throws Exception {
    mvc.perform(get("/monitors/mon-1").with(user("alice").roles("ANALYST")))
        .andExpect(status().isOk())
        .andExpect(content().string(Matchers.containsString("id=\"pause\"")))
        .andExpect(content().string(Matchers.containsString("id=\"trigger\"")))
        // Receipts in words, each confirmation a time the page shows in the reader's zone.
        .andExpect(
            content()
                .string(
                    Matchers.containsString(
                        "files: written to /srv/reports/job-2</span>, confirmed at <time"
                            + " datetime=\"2026-12-01T06:05:00Z\"")))
        .andExpect(
            content()
                .string(
                    Matchers.containsString("hook: not confirmed yet after 2 attempts: HTTP 503")))
        .andExpect(content().string(Matchers.not(Matchers.containsString("CONFIRMED"))))
        .andExpect(content().string(Matchers.containsString("2 not incident")))
        .andExpect(content().string(Matchers.containsString("/jobs/job-2")));
  }

  @Test
  void othersMonitorsAreForbiddenExceptToOperators() throws Exception {
    mvc.perform(get("/monitors/mon-1").with(user("bob").roles("ANALYST")))
        .andExpect(status().isForbidden());
    mvc.perform(post("/monitors/mon-1/pause").with(user("bob").roles("ANALYST")).with(csrf()))
        .andExpect(status().isForbidden());
    mvc.perform(
            post("/monitors/mon-1/pause")
                .with(user("olga").roles("OPERATOR", "ANALYST"))
                .with(csrf()))
        .andExpect(redirectedUrl("/monitors/mon-1"));
    verify(monitors).pause(any(), eq("olga"));
    mvc.perform(get("/monitors/mon-9").with(user("alice").roles("ANALYST")))
        .andExpect(status().isNotFound());
  }

  @Test
  void feedbackFromTheJobPageIsGivenAsThePersonSignedIn() throws Exception {
    io.assay.store.JobRecord job =
        new io.assay.store.JobRecord(
            "job-1",
            "q",
            "financial",
            "alice",
            io.assay.contract.job.ApprovalMode.AUTO,
            io.assay.contract.job.JobState.COMPLETED,
            null,
            1,
            1,
            null,
            null,
            OffsetDateTime.now(),
            OffsetDateTime.now(),
            OffsetDateTime.now());
    when(jobs.find("job-1")).thenReturn(Optional.of(job));
    mvc.perform(
            post("/jobs/job-1/feedback")
                .with(user("alice").roles("ANALYST"))
                .with(csrf())
                .param("stepId", "job-1:0:trend_anomaly")
                .param("from", "1997-06-01")
                .param("to", "1997-06-30")
                .param("verdict", "EXPECTED")
                .param("note", "summer campaign"))
        .andExpect(redirectedUrl("/jobs/job-1#monitoring"));
    verify(feedback)
        .give(
            job,
            "job-1:0:trend_anomaly",
            "1997-06-01",
            "1997-06-30",
            "EXPECTED",
            "summer campaign",
            "alice");
    mvc.perform(
            post("/jobs/job-1/feedback")
                .with(user("bob").roles("ANALYST"))
                .with(csrf())
                .param("from", "1997-06-01"))
        .andExpect(status().isForbidden());
  }
}
