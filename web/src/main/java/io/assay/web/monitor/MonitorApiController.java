package io.assay.web.monitor;

import io.assay.store.MonitorRecord;
import io.assay.web.errors.InvalidRequest;
import io.assay.web.jobs.JobAccess;
import jakarta.validation.Valid;
import java.net.URI;
import java.security.Principal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The monitors REST API. Analysts see and steer their own monitors, operators all of them. Errors
 * are RFC 7807 problem details; a server whose Temporal service cannot run schedules answers 409.
 */
@RestController
@RequestMapping("/api/monitors")
public class MonitorApiController {
  private final MonitorService monitors;
  private final MonitorViews views;

  public MonitorApiController(MonitorService monitors, MonitorViews views) {
    this.monitors = monitors;
    this.views = views;
  }

  @PostMapping
  public ResponseEntity<MonitorView> create(
      @Valid @RequestBody MonitorDraft draft, Principal principal) {
    MonitorRecord m =
        monitors.create(draft, JobAccess.name(principal), JobAccess.operator(principal));
    return ResponseEntity.created(URI.create("/api/monitors/" + m.id())).body(views.of(m));
  }

  @GetMapping
  public Map<String, Object> list(Principal principal) {
    List<MonitorView> all =
        monitors.list(JobAccess.ownerFilter(principal)).stream().map(views::of).toList();
    return Map.of("monitors", all, "total", all.size());
  }

  @GetMapping("/{id}")
  public MonitorView get(@PathVariable String id, Principal principal) {
    return views.of(MonitorAccess.visible(monitors, id, principal));
  }

  @PostMapping("/{id}/pause")
  public MonitorView pause(@PathVariable String id, Principal principal) {
    MonitorRecord m = MonitorAccess.visible(monitors, id, principal);
    monitors.pause(m, JobAccess.name(principal));
    return views.of(m);
  }

  @PostMapping("/{id}/resume")
  public MonitorView resume(@PathVariable String id, Principal principal) {
    MonitorRecord m = MonitorAccess.visible(monitors, id, principal);
    monitors.resume(m, JobAccess.name(principal));
    return views.of(m);
  }

  @PostMapping("/{id}/trigger")
  public ResponseEntity<Void> trigger(@PathVariable String id, Principal principal) {
    monitors.trigger(MonitorAccess.visible(monitors, id, principal));
    return ResponseEntity.accepted().build();
  }

  /**
   * Body {@code {"from": "1997-01-01", "to": "1997-12-31"}}: dates (in the monitor's zone) or
   * instants.
   */
  @PostMapping("/{id}/backfill")
  public ResponseEntity<Map<String, Object>> backfill(
      @PathVariable String id, @RequestBody BackfillBody body, Principal principal) {
    MonitorRecord m = MonitorAccess.visible(monitors, id, principal);
    ZoneId zone = ZoneId.of(m.timeZone());
    Instant from = instant("from", body == null ? null : body.from(), zone, false);
    Instant to = instant("to", body == null ? null : body.to(), zone, true);
    int runs = monitors.backfill(m, from, to);
    return ResponseEntity.accepted().body(Map.of("runs", runs, "from", from, "to", to));
  }

  @DeleteMapping("/{id}")
  public ResponseEntity<Void> delete(@PathVariable String id, Principal principal) {
    monitors.delete(MonitorAccess.visible(monitors, id, principal));
    return ResponseEntity.noContent().build();
  }

  /** A backfill range: ISO dates or instants. */
  public record BackfillBody(String from, String to) {}

  static Instant instant(String field, String text, ZoneId zone, boolean endOfDay) {
    if (text == null || text.isBlank()) {
      throw new InvalidRequest(field, field + " is required: a date (1997-01-01) or an instant.");
    }
    String t = text.strip();
    try {
      if (t.length() == 10) {
        LocalDate d = LocalDate.parse(t);
        return (endOfDay ? d.plusDays(1) : d)
            .atStartOfDay(zone)
            .toInstant()
            .minusSeconds(endOfDay ? 1 : 0);
      }
      return Instant.parse(t);
    } catch (DateTimeParseException e) {
      throw new InvalidRequest(
          field, field + ": '" + t + "' is neither a date (1997-01-01) nor an instant.");
    }
  }
}
