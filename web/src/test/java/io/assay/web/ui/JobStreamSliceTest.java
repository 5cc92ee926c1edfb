package io.assay.web.ui;

import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.user;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.assay.contract.job.JobState;
import io.assay.web.errors.WebEdgeConfig;
import io.assay.web.jobs.JobService;
import io.assay.web.jobs.TestJobs;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/** The live-progress stream alone: who may follow a job, and where a reconnect resumes. */
@WebMvcTest(JobStreamController.class)
@Import({WebEdgeConfig.class, VisibleJobs.class})
class JobStreamSliceTest {
  @Autowired MockMvc mvc;
  @MockitoBean JobService jobs;
  @MockitoBean JobStreams streams;
  @MockitoBean io.assay.web.temporal.TemporalConfig.EmbeddedTemporal temporal;

  @MockitoBean(answers = org.mockito.Answers.RETURNS_DEEP_STUBS)
  io.assay.web.config.AssayProperties props;

  @BeforeEach
  void aliceHasAJob() {
    when(jobs.find("job-1"))
        .thenReturn(Optional.of(TestJobs.record("job-1", "alice", JobState.EXECUTING)));
    when(streams.open(anyString(), anyLong())).thenReturn(new SseEmitter(1_000L));
  }

  @Test
  void aReconnectResumesAfterTheLastEventIdRatherThanTheQueryParameter() throws Exception {
    mvc.perform(
            get("/api/jobs/job-1/stream")
                .param("after", "3")
                .header("Last-Event-ID", "42")
                .with(user("alice").roles("ANALYST")))
        .andExpect(status().isOk());
    verify(streams).open("job-1", 42L);
    mvc.perform(get("/jobs/job-1/stream").param("after", "3").with(user("alice").roles("ANALYST")))
        .andExpect(status().isOk());
    verify(streams).open("job-1", 3L);
  }

  @Test
  void someoneElsesJobIsForbiddenAndAnUnknownOneNotFound() throws Exception {
    mvc.perform(get("/api/jobs/job-1/stream").with(user("bob").roles("ANALYST")))
        .andExpect(status().isForbidden());
    when(jobs.find("job-9")).thenReturn(Optional.empty());
    mvc.perform(get("/api/jobs/job-9/stream").with(user("bob").roles("ANALYST")))
        .andExpect(status().isNotFound());
    verify(streams, never()).open("job-9", 0L);
  }
}
