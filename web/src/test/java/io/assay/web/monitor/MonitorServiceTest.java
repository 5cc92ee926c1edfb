package io.assay.web.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verifyNoInteractions;

import io.assay.store.JobStore;
import io.assay.store.MonitorStore;
import io.assay.web.config.AssayProperties;
import io.assay.web.temporal.TemporalConfig;
import io.temporal.client.schedules.ScheduleClient;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mockito.Answers;

class MonitorServiceTest {

  @Test
  void theInProcessServiceCannotRunSchedulesAndCreationSaysWhyBeforeWritingAnything() {
    MonitorStore store = mock(MonitorStore.class);
    JobStore jobs = mock(JobStore.class);
    ScheduleClient schedules = mock(ScheduleClient.class);
    MonitorService service =
        new MonitorService(
            store,
            jobs,
            null,
            null,
            null,
            null,
            new TemporalConfig.EmbeddedTemporal(
                TemporalConfig.Kind.IN_PROCESS, null, "127.0.0.1:1", null),
            schedules,
            mock(AssayProperties.class, Answers.RETURNS_DEEP_STUBS),
            Duration.ofDays(1));
    assertThat(service.unavailable())
        .get()
        .asString()
        .contains("cannot run schedules", "embedded=cli");
    assertThatThrownBy(
            () ->
                service.create(
                    new MonitorDraft("job-1", "1 month", null, "UTC", null, List.of(), null),
                    "alice",
                    false))
        .isInstanceOf(MonitorsUnavailable.class)
        .hasMessageContaining("in-process");
    verifyNoInteractions(store, jobs, schedules);
  }
}
