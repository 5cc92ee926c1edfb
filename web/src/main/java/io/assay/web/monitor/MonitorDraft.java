package io.assay.web.monitor;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;

/**
 * A monitor as asked for through the form, {@code POST /api/monitors} or {@code assay monitor
 * create}: the finished job it repeats, a cadence ({@code every} in words or {@code cron}), its
 * time zone, how many periods each run scans (default: as many as the job's window), delivery
 * targets and the alert rule ({@code LATEST_PERIOD_FLAGGED}, the default, or {@code ALWAYS}).
 */
public record MonitorDraft(
    @NotBlank(message = "Name the finished job the monitor repeats (fromJob).")
        @Size(max = 100, message = "A job id has at most 100 characters.")
        @Pattern(regexp = "[A-Za-z0-9_-]*", message = "A job id holds letters, digits, - and _.")
        String fromJob,
    @Size(max = 100, message = "An interval has at most 100 characters.") String every,
    @Size(max = 200, message = "A cron expression has at most 200 characters.") String cron,
    @Size(max = 64, message = "A time zone name has at most 64 characters.") String timeZone,
    @Min(value = 2, message = "A monitor scans at least 2 periods.")
        @Max(value = 520, message = "A monitor scans at most 520 periods.")
        Integer periods,
    @Size(max = 10, message = "At most 10 delivery targets.")
        List<
                @Pattern(
                    regexp = "(file|webhook|slack|dingtalk|email):\\S+",
                    message =
                        "A delivery target looks like file:/path, webhook:https://..., slack:https://..., dingtalk:https://... or email:name@host")
                String>
            delivery,
    @Pattern(
            regexp = "LATEST_PERIOD_FLAGGED|ALWAYS",
            message = "alertRule is LATEST_PERIOD_FLAGGED (the default) or ALWAYS.")
        String alertRule) {

  public MonitorDraft {
    fromJob = fromJob == null ? null : fromJob.strip();
    delivery =
        delivery == null
            ? List.of()
            : delivery.stream().filter(d -> d != null && !d.isBlank()).map(String::strip).toList();
    alertRule = alertRule == null || alertRule.isBlank() ? "LATEST_PERIOD_FLAGGED" : alertRule;
  }
}
