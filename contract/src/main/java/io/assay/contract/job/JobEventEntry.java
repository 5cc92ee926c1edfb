package io.assay.contract.job;

import java.util.Map;

/**
 * One event of a job's stream, as the workflow hands it over with a progress snapshot.
 *
 * @param eventKey makes a retried append a no-op (job id and the workflow's event sequence)
 */
public record JobEventEntry(String eventKey, String type, Map<String, Object> payload) {
  public JobEventEntry {
    payload = payload == null ? Map.of() : payload;
  }
}
