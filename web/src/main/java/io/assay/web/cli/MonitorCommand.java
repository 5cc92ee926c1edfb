package io.assay.web.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code assay monitor create|list|show|pause|resume|trigger|backfill|delete}: monitors of a
 * running Assay, through its REST API ({@code --url}, {@code --user}, password from {@code
 * --password} or {@code ASSAY_PASSWORD}), so a monitor made here is the same as one made on a job's
 * page.
 */
final class MonitorCommand {
  static final String USAGE =
      """
        monitor create --from JOB (--every "1 month" | --cron "0 6 1 * *") [--tz ZONE]
                       [--periods N] [--deliver TARGET]... [--alert latest|always]
        monitor list | show ID | pause ID | resume ID | trigger ID | delete ID
        monitor backfill ID --from DATE --to DATE
                                      (each: [--url URL] [--user NAME] [--password P])
      """;

  private final AssayRest rest;

  private MonitorCommand(String base, String user, String password) {
    this.rest = new AssayRest(base, user, password);
  }

  static int run(String[] args, PrintStream out) {
    if (args.length == 0) {
      throw new Cli.UsageException("monitor needs a subcommand:\n" + USAGE);
    }
    String url = "http://localhost:8080";
    String user = System.getenv().getOrDefault("ASSAY_USER", "operator");
    String password = System.getenv("ASSAY_PASSWORD");
    Map<String, Object> body = new LinkedHashMap<>();
    List<String> deliver = new ArrayList<>();
    List<String> positional = new ArrayList<>();
    String from = null;
    String to = null;
    for (int i = 1; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--url" -> url = value(args, ++i, a);
        case "--user" -> user = value(args, ++i, a);
        case "--password" -> password = value(args, ++i, a);
        case "--from" -> from = value(args, ++i, a);
        case "--to" -> to = value(args, ++i, a);
        case "--every" -> body.put("every", value(args, ++i, a));
        case "--cron" -> body.put("cron", value(args, ++i, a));
        case "--tz" -> body.put("timeZone", value(args, ++i, a));
        case "--periods" -> body.put("periods", number(value(args, ++i, a)));
        case "--deliver" -> deliver.add(value(args, ++i, a));
        case "--alert" -> body.put("alertRule", rule(value(args, ++i, a)));
        default -> {
          if (a.startsWith("--")) {
            throw new Cli.UsageException("unknown option " + a + " for monitor\n" + USAGE);
          }
          positional.add(a);
        }
      }
    }
    if (password == null || password.isBlank()) {
      throw new Cli.UsageException(
          "monitor talks to a running Assay: pass --password or set ASSAY_PASSWORD");
    }
    MonitorCommand c = new MonitorCommand(url.replaceAll("/+$", ""), user, password);
    String sub = args[0];
    return switch (sub) {
      case "create" -> {
        if (from == null) {
          throw new Cli.UsageException("monitor create needs --from JOB\n" + USAGE);
        }
        body.put("fromJob", from);
        body.put("delivery", deliver);
        JsonNode m = c.rest.call("POST", "/api/monitors", body);
        out.println("created " + m.path("id").asText());
        c.print(m, out);
        yield 0;
      }
      case "list" -> {
        for (JsonNode m : c.rest.call("GET", "/api/monitors", null).path("monitors")) {
          out.printf(
              "%-18s %-8s %-5s %-14s next %-22s last %s%n",
              m.path("id").asText(),
              m.path("state").asText(),
              m.path("cadenceKind").asText(),
              m.path("cadence").asText(),
              m.path("paused").asBoolean() ? "-" : m.path("nextRuns").path(0).asText("-"),
              m.path("lastOutcome").asText("-"));
        }
        yield 0;
      }
      case "show", "pause", "resume", "trigger", "delete" -> {
        String id = one(positional, sub);
        switch (sub) {
          case "show" -> c.print(c.rest.call("GET", "/api/monitors/" + id, null), out);
          case "delete" -> {
            c.rest.send("DELETE", "/api/monitors/" + id, null);
            out.println("deleted " + id);
          }
          case "trigger" -> {
            c.rest.send("POST", "/api/monitors/" + id + "/trigger", null);
            out.println("triggered " + id);
          }
          default -> c.print(c.rest.call("POST", "/api/monitors/" + id + "/" + sub, null), out);
        }
        yield 0;
      }
      case "backfill" -> {
        String id = one(positional, sub);
        if (from == null || to == null) {
          throw new Cli.UsageException("monitor backfill needs --from DATE --to DATE");
        }
        JsonNode r =
            c.rest.call(
                "POST", "/api/monitors/" + id + "/backfill", Map.of("from", from, "to", to));
        out.println("backfilling " + r.path("runs").asInt() + " run(s) of " + id);
        yield 0;
      }
      default -> throw new Cli.UsageException("unknown monitor subcommand " + sub + "\n" + USAGE);
    };
  }

  private void print(JsonNode m, PrintStream out) {
    out.println("  question: " + m.path("question").asText());
    out.println(
        "  cadence:  "
            + m.path("cadenceKind").asText()
            + " "
            + m.path("cadence").asText()
            + " ("
            + m.path("timeZone").asText()
            + "), "
            + m.path("periods").asInt()
            + " "
            + m.path("grain").asText()
            + "s a run, alert "
            + m.path("alertRule").asText());
    out.println("  state:    " + m.path("state").asText());
    List<String> next = new ArrayList<>();
    if (!m.path("paused").asBoolean()) {
      m.path("nextRuns").forEach(t -> next.add(t.asText()));
    }
    out.println("  next:     " + (next.isEmpty() ? "-" : String.join(", ", next)));
    for (JsonNode r : m.path("runs")) {
      out.println(
          "  run "
              + r.path("jobId").asText()
              + " "
              + r.path("state").asText()
              + " "
              + r.path("alert").asText(""));
    }
  }

  private static String one(List<String> positional, String sub) {
    if (positional.size() != 1) {
      throw new Cli.UsageException("monitor " + sub + " takes one monitor id");
    }
    return positional.get(0);
  }

  private static String rule(String text) {
    return switch (text.toLowerCase(java.util.Locale.ROOT)) {
      case "latest", "latest_period_flagged" -> "LATEST_PERIOD_FLAGGED";
      case "always" -> "ALWAYS";
      default -> throw new Cli.UsageException("--alert takes latest or always");
    };
  }

  private static int number(String text) {
    try {
      return Integer.parseInt(text);
    } catch (NumberFormatException e) {
      throw new Cli.UsageException("--periods takes a whole number");
    }
  }

  private static String value(String[] args, int i, String option) {
    if (i >= args.length) {
      throw new Cli.UsageException(option + " needs a value");
    }
    return args[i];
  }
}
