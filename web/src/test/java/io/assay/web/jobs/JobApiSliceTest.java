package io.assay.web.jobs;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
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

import io.assay.contract.job.JobState;
import io.assay.report.FrozenReport;
import io.assay.report.ReportStore;
import io.assay.store.JobRecord;
import io.assay.store.JobStore;
import io.assay.web.errors.WebEdgeConfig;
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

/** The jobs API alone, with its services mocked: status codes and problem details. */
@WebMvcTest(JobApiController.class)
@Import(WebEdgeConfig.class)
class JobApiSliceTest {
  @Autowired MockMvc mvc;
  @MockitoBean JobService jobs;
  @MockitoBean JobStore store;
  @MockitoBean ReportStore reports;
  // The pages' link to Temporal's Web UI is advice on every UI controller the slice also loads.
  @MockitoBean io.assay.web.temporal.TemporalConfig.EmbeddedTemporal temporal;

  @MockitoBean(answers = org.mockito.Answers.RETURNS_DEEP_STUBS)
  io.assay.web.config.AssayProperties props;

  private static JobRecord job(String owner, JobState state) {
    return TestJobs.record("job-1", owner, state);
  }

  @BeforeEach
  void aliceHasAJob() {
    when(jobs.find("job-1")).thenReturn(Optional.of(job("alice", JobState.AWAITING_APPROVAL)));
  }

  private MockHttpServletRequestBuilder asAlice(MockHttpServletRequestBuilder request) {
    return request.with(user("alice").roles("ANALYST")).with(csrf());
  }

  private MockHttpServletRequestBuilder json(String path, String body) {
    return asAlice(post(path).contentType(MediaType.APPLICATION_JSON).content(body));
  }

  @Test
  void aSubmissionIsCreatedWithItsLocation() throws Exception {
    when(jobs.submit(any(), eq("alice"))).thenReturn("job-9");
    mvc.perform(json("/api/jobs", "{\"question\":\"How many loans?\"}"))
        .andExpect(status().isCreated())
        .andExpect(header().string("Location", "/api/jobs/job-9"))
        .andExpect(jsonPath("$.id").value("job-9"));
  }

  @Test
  void strictJsonNamesTheFieldAndNothingIsSubmitted() throws Exception {
    mvc.perform(json("/api/jobs", "{\"question\":\"q\",\"approvalMode\":\"LATER\"}"))
        .andExpect(status().isBadRequest())
        .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
        .andExpect(
            jsonPath("$.fields.approvalMode")
                .value(Matchers.containsString("REQUIRE, AUTO, AUTO_AFTER_TIMER")));
    mvc.perform(json("/api/jobs", "{\"question\":true}"))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.fields.question").exists());
    mvc.perform(json("/api/jobs", "{\"question\":\"q\",\"approvalTimeoutSeconds\":\"60\"}"))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.fields.approvalTimeoutSeconds").exists());
    mvc.perform(json("/api/jobs", "[1,2]"))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.fields.body").exists());
    mvc.perform(json("/api/jobs", "{\"question\":\"q\"} trailing"))
        .andExpect(status().isBadRequest());
    verify(jobs, never()).submit(any(), anyString());
  }

  @Test
  void everyFieldErrorComesAtOnce() throws Exception {
    mvc.perform(
            json(
                "/api/jobs",
                "{\"question\":\"\",\"approvalTimeoutSeconds\":0,\"delivery\":[\"ftp:x\"]}"))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.fields.question").exists())
        .andExpect(jsonPath("$.fields.approvalTimeoutSeconds").exists())
        .andExpect(jsonPath("$.fields['delivery[0]']").exists());
  }

  @Test
  void anActionTheJobNoLongerTakesIs409WithTheState() throws Exception {
    when(jobs.approve("job-1", "alice"))
        .thenThrow(new JobActionRejected("The job is COMPLETED; ...", JobState.COMPLETED));
    mvc.perform(asAlice(post("/api/jobs/job-1/approve")))
        .andExpect(status().isConflict())
        .andExpect(jsonPath("$.state").value("COMPLETED"));
  }

  @Test
  void answersAndCancelReasonsAreBoundedAndNotEchoed() throws Exception {
    String longValue = "v".repeat(2_001);
    mvc.perform(
            json(
                "/api/jobs/job-1/answers",
                "{\"clarificationId\":\"c\",\"value\":\"" + longValue + "\"}"))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.fields.value").value("An answer is at most 2000 characters."))
        .andExpect(content().string(Matchers.not(Matchers.containsString("vvvvvvvvvv"))));
    mvc.perform(json("/api/jobs/job-1/cancel", "{\"reason\":\"" + "r".repeat(1_001) + "\"}"))
        .andExpect(status().isBadRequest());
    mvc.perform(
            json(
                "/api/jobs/job-1/answers",
                "{\"clarificationId\":\"c\",\"value\":\"" + "x".repeat(300_000) + "\"}"))
        .andExpect(status().isPayloadTooLarge())
        .andExpect(jsonPath("$.limitBytes").value(262144));
    verify(jobs, never()).answer(anyString(), any());
    verify(jobs, never()).cancel(anyString(), anyString(), any());
  }

  @Test
  void aPageOutsideTheListNamesTheRange() throws Exception {
    when(jobs.count(any())).thenReturn(45);
    mvc.perform(asAlice(get("/api/jobs?page=3")))
        .andExpect(status().isBadRequest())
        .andExpect(
            jsonPath("$.detail").value("page must be between 0 and 2 (45 jobs, 20 a page)."));
    // Found by the fuzz run: PostgreSQL text cannot hold NUL, so it is refused at the edge.
    mvc.perform(asAlice(get("/api/jobs").param("q", "a\u0000b")))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.fields.q").exists());
    mvc.perform(json("/api/jobs", "{\"question\":\"a\\u0000b\"}"))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.fields.question").exists());
    mvc.perform(asAlice(get("/api/jobs?state=DONE")))
        .andExpect(status().isBadRequest())
        .andExpect(jsonPath("$.detail").value(Matchers.containsString("AWAITING_APPROVAL")));
  }

  @Test
  void somebodyElsesJobIs403AndAMissingOne404() throws Exception {
    when(jobs.find("job-2")).thenReturn(Optional.of(job("bob", JobState.PLANNED)));
    mvc.perform(asAlice(get("/api/jobs/job-2")))
        .andExpect(status().isForbidden())
        .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON));
    mvc.perform(asAlice(get("/api/jobs/job-404")))
        .andExpect(status().isNotFound())
        .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON));
  }

  @Test
  void anUnexpectedFailureIsAProblemWithoutItsStackTrace() throws Exception {
    when(jobs.progress("job-1")).thenThrow(new IllegalStateException("secret internals"));
    mvc.perform(asAlice(get("/api/jobs/job-1")))
        .andExpect(status().isInternalServerError())
        .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
        .andExpect(content().string(Matchers.not(Matchers.containsString("secret internals"))));
  }

  @Test
  void theHtmlReportIsSandboxed() throws Exception {
    FrozenReport report = mock(FrozenReport.class);
    when(report.html()).thenReturn("<p>report</p>");
    when(reports.find("job-1")).thenReturn(Optional.of(report));
    mvc.perform(asAlice(get("/api/jobs/job-1/report.html")))
        .andExpect(status().isOk())
        .andExpect(header().string("Content-Security-Policy", Matchers.startsWith("sandbox;")));
  }
}
