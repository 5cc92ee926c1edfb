package io.assay.web.monitor;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyBoolean;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.user;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.assay.contract.monitor.AlertRule;
import io.assay.store.MonitorRecord;
import io.assay.web.errors.WebEdgeConfig;
import io.assay.web.jobs.InvalidSubmission;
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
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;

/** The monitors API alone, its services mocked: status codes, problem details, access. */
@WebMvcTest(MonitorApiController.class)
@Import(WebEdgeConfig.class)
class MonitorApiSliceTest {
  @Autowired MockMvc mvc;
  @MockitoBean MonitorService monitors;
  @MockitoBean MonitorViews views;
  @MockitoBean io.assay.web.temporal.TemporalConfig.EmbeddedTemporal temporal;

  @MockitoBean(answers = org.mockito.Answers.RETURNS_DEEP_STUBS)
  io.assay.web.config.AssayProperties props;

  static MonitorRecord monitor(String owner) {
    return new MonitorRecord(
        "mon-1",
        owner,
        "financial",
        "Check the monthly amount",
        "job-1",
        "{\"steps\":[]}",
        12,
        "month",
        "every",
        "1 month",
        "UTC",
        List.of("webhook:https://user:secret@hooks.example.com/x"),
        AlertRule.LATEST_PERIOD_FLAGGED,
        "active",
        OffsetDateTime.now(),
        OffsetDateTime.now());
  }

  static MonitorView view(MonitorRecord m) {
    return MonitorView.of(m, true, false, List.of(), List.of(), Map.of());
  }

  @BeforeEach
  void aliceHasAMonitor() {
    MonitorRecord m = monitor("alice");
    when(monitors.find("mon-1")).thenReturn(Optional.of(m));
    when(views.of(any())).thenAnswer(i -> view(i.getArgument(0)));
  }

  private static MockHttpServletRequestBuilder as(String who, MockHttpServletRequestBuilder r) {
    return r.with(user(who).roles(who.equals("olga") ? "OPERATOR" : "ANALYST")).with(csrf());
  }

  private MockHttpServletRequestBuilder json(String path, String body) {
    return as("alice", post(path).contentType(MediaType.APPLICATION_JSON).content(body));
  }

  @Test
  void aMonitorIsCreatedWithItsLocationAndItsTargetsRedacted() throws Exception {
    when(monitors.create(any(), anyString(), anyBoolean())).thenReturn(monitor("alice"));
    mvc.perform(json("/api/monitors", "{\"fromJob\":\"job-1\",\"every\":\"1 month\"}"))
        .andExpect(status().isCreated())
        .andExpect(header().string("Location", "/api/monitors/mon-1"))
        .andExpect(jsonPath("$.id").value("mon-1"))
        .andExpect(
            jsonPath("$.delivery[0]").value(Matchers.not(Matchers.containsString("secret"))));
  }

  @Test
  void badDraftsAreProblemsNamingTheFieldAndNothingIsCreated() throws Exception {
    mvc.perform(json("/api/monitors", "{\"fromJob\":\"job-1\",\"alertRule\":\"SOMETIMES\"}"))
        .andExpect(status().isBadRequest())
        .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
        .andExpect(jsonPath("$.fields.alertRule").value(Matchers.containsString("ALWAYS")));
    mvc.perform(json("/api/monitors", "{\"fromJob\":\"job-1\",\"periods\":1}"))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.fields.periods").exists());
    mvc.perform(json("/api/monitors", "{\"every\":\"1 month\"}"))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.fields.fromJob").exists());
    mvc.perform(json("/api/monitors", "{\"fromJob\":\"job-1\",\"delivery\":[\"ftp:x\"]}"))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.fields", Matchers.aMapWithSize(1)));
    mvc.perform(json("/api/monitors", "{\"fromJob\":\"job-1\",\"every\":3}"))
        .andExpect(status().isBadRequest());
    verify(monitors, never()).create(any(), anyString(), anyBoolean());
  }

  @Test
  void deeperRefusalsAre400sAndAServerWithoutSchedulesSaysWhy() throws Exception {
    org.mockito.Mockito.doThrow(
            new InvalidSubmission("cron", "invalid cron expression '61 * * * *'"))
        .when(monitors)
        .create(any(), anyString(), anyBoolean());
    mvc.perform(json("/api/monitors", "{\"fromJob\":\"job-1\",\"cron\":\"61 * * * *\"}"))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.fields.cron").value(Matchers.containsString("invalid cron")));
    org.mockito.Mockito.doThrow(
            new MonitorsUnavailable("the in-process Temporal test service cannot run schedules"))
        .when(monitors)
        .create(any(), anyString(), anyBoolean());
    mvc.perform(json("/api/monitors", "{\"fromJob\":\"job-1\",\"every\":\"1 month\"}"))
        .andExpect(status().isConflict())
        .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
        .andExpect(jsonPath("$.title").value("Monitors need Temporal Schedules"))
        .andExpect(jsonPath("$.detail").value(Matchers.containsString("cannot run schedules")));
  }

  @Test
  void analystsSeeTheirOwnMonitorsOperatorsAll() throws Exception {
    mvc.perform(as("bob", get("/api/monitors/mon-1"))).andExpect(status().isForbidden());
    mvc.perform(as("bob", post("/api/monitors/mon-1/pause"))).andExpect(status().isForbidden());
    mvc.perform(as("olga", get("/api/monitors/mon-1"))).andExpect(status().isOk());
    mvc.perform(as("alice", get("/api/monitors/mon-2"))).andExpect(status().isNotFound());
    mvc.perform(as("olga", post("/api/monitors/mon-1/pause"))).andExpect(status().isOk());
    verify(monitors).pause(any(), org.mockito.ArgumentMatchers.eq("olga"));
  }

  @Test
  void aBackfillNeedsTwoDates() throws Exception {
    mvc.perform(
            json("/api/monitors/mon-1/backfill", "{\"from\":\"June 1997\",\"to\":\"1997-07-01\"}"))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.fields.from").value(Matchers.containsString("neither a date")));
    mvc.perform(json("/api/monitors/mon-1/backfill", "{\"to\":\"1997-07-01\"}"))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.fields.from").exists());
    when(monitors.backfill(any(), any(), any())).thenReturn(3);
    mvc.perform(
            json("/api/monitors/mon-1/backfill", "{\"from\":\"1997-02-01\",\"to\":\"1997-04-30\"}"))
        .andExpect(status().isAccepted())
        .andExpect(jsonPath("$.runs").value(3));
  }
}
