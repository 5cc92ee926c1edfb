package io.assay.store;

import io.assay.contract.monitor.AlertRule;
import java.time.OffsetDateTime;
import java.util.List;

/**
 * A monitor as stored: whose it is, what it repeats (the question and the approved plan of {@code
 * sourceJobId}, as JSON), over how many periods of which grain, on which cadence, where it delivers
 * and when it alerts.
 *
 * @param cadenceKind {@code cron} or {@code every}
 * @param delivery the targets as given (webhook URLs may hold secrets: show them redacted)
 * @param state {@code active}, {@code paused} or {@code deleted}
 */
public record MonitorRecord(
    String id,
    String owner,
    String dataset,
    String question,
    String sourceJobId,
    String planJson,
    int periods,
    String grain,
    String cadenceKind,
    String cadence,
    String timeZone,
    List<String> delivery,
    AlertRule alertRule,
    String state,
    OffsetDateTime createdAt,
    OffsetDateTime updatedAt) {

  public MonitorRecord {
    delivery = delivery == null ? List.of() : List.copyOf(delivery);
  }

  public boolean paused() {
    return "paused".equals(state);
  }

  public boolean deleted() {
    return "deleted".equals(state);
  }
}
