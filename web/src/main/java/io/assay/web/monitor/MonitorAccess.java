package io.assay.web.monitor;

import io.assay.store.MonitorRecord;
import io.assay.web.jobs.JobAccess;
import java.security.Principal;
import org.springframework.http.HttpStatus;
import org.springframework.web.server.ResponseStatusException;

/**
 * The one rule for who sees a monitor, for the API and the pages alike: an unknown id is a 404,
 * someone else's monitor a 403 for analysts; operators see every monitor (as with jobs).
 */
final class MonitorAccess {
  private MonitorAccess() {}

  static MonitorRecord visible(MonitorService monitors, String id, Principal principal) {
    MonitorRecord m =
        monitors
            .find(id)
            .orElseThrow(
                () -> new ResponseStatusException(HttpStatus.NOT_FOUND, "No monitor " + id + "."));
    if (!JobAccess.operator(principal) && !m.owner().equals(JobAccess.name(principal))) {
      throw new ResponseStatusException(
          HttpStatus.FORBIDDEN, "This monitor belongs to someone else.");
    }
    return m;
  }
}
