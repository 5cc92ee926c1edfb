package io.assay.web.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.analyses.AnalysisRegistry;
import io.assay.contract.job.ApprovalMode;
import io.assay.contract.plan.ClarificationAnswer;
import io.assay.report.FrozenReport;
import io.assay.report.ReportStore;
import io.assay.report.words.Labels;
import io.assay.report.words.ProblemWords;
import io.assay.report.words.StateWords;
import io.assay.web.jobs.JobService;
import io.assay.web.jobs.JobSubmission;
import io.assay.web.jobs.Resubmission;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@code assay ask "question"}: submits through the REST API of a running Assay (or of an embedded
 * stack it starts itself), follows the job with a progress bar, asks for approval and
 * clarifications at the prompt, and writes the report files.
 */
final class AskCommand {
  /** Analyses by their titles and refusals in words, as the web pages say them. */
  private static final AnalysisRegistry REGISTRY = AnalysisRegistry.discover();

  private static final Labels ANALYSES = Labels.NONE.withAnalyses(REGISTRY.titles());
  private static final ProblemWords WORDS = ProblemWords.of(ANALYSES, REGISTRY.argumentLabels());

  private final PrintStream out;
  private final PrintStream err;
  private final BufferedReader in =
      new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
  private AssayRest rest;
  private Jobs jobs;

  /** The job operations {@code ask} needs: over the REST API, or in-process. */
  private interface Jobs {
    String submit(String question, String dataset, boolean autoApprove, String owner);

    /** Edit and resubmit: the question as a new job linked to the failed or cancelled one. */
    String resubmit(String oldId, String question, String owner);

    JsonNode view(String id);

    void approve(String id);

    void cancel(String id, String reason);

    void answer(String id, String clarificationId, String value);

    String report(String id, String format);
  }

  /** A running Assay, over its REST API with HTTP basic credentials. */
  private final class RestJobs implements Jobs {
    @Override
    public String submit(String question, String dataset, boolean autoApprove, String owner) {
      Map<String, Object> body = new LinkedHashMap<>();
      body.put("question", question);
      if (dataset != null) {
        body.put("dataset", dataset);
      }
      body.put("approvalMode", autoApprove ? "AUTO" : "REQUIRE");
      return rest.call("POST", "/api/jobs", body).get("id").asText();
    }

    @Override
    public String resubmit(String oldId, String question, String owner) {
      return rest.call("POST", "/api/jobs/" + oldId + "/resubmit", Map.of("question", question))
          .get("id")
          .asText();
    }

    @Override
    public JsonNode view(String id) {
      return rest.call("GET", "/api/jobs/" + id, null);
    }

    @Override
    public void approve(String id) {
      rest.call("POST", "/api/jobs/" + id + "/approve", Map.of());
    }

    @Override
    public void cancel(String id, String reason) {
      rest.send("POST", "/api/jobs/" + id + "/cancel", Map.of("reason", reason));
    }

    @Override
    public void answer(String id, String clarificationId, String value) {
      rest.call(
          "POST",
          "/api/jobs/" + id + "/answers",
          Map.of("clarificationId", clarificationId, "value", value));
    }

    @Override
    public String report(String id, String format) {
      return text("/api/jobs/" + id + "/report." + format);
    }
  }

  /** The embedded stack this command started, through the same service the API uses. */
  private static final class LocalJobs implements Jobs {
    private final JobService service;
    private final ReportStore reports;
    private final ObjectMapper json;

    LocalJobs(ConfigurableApplicationContext app) {
      this.service = app.getBean(JobService.class);
      this.reports = app.getBean(ReportStore.class);
      this.json = app.getBean(ObjectMapper.class);
    }

    @Override
    public String submit(String question, String dataset, boolean autoApprove, String owner) {
      return service.submit(
          new JobSubmission(
              question,
              dataset,
              autoApprove ? ApprovalMode.AUTO : ApprovalMode.REQUIRE,
              null,
              List.of(),
              null),
          owner);
    }

    @Override
    public String resubmit(String oldId, String question, String owner) {
      return service.resubmit(oldId, owner, new Resubmission(question, null, null));
    }

    @Override
    public JsonNode view(String id) {
      Map<String, Object> view = new LinkedHashMap<>();
      view.put("job", service.find(id).orElseThrow());
      view.put("progress", service.progress(id).orElse(null));
      return json.valueToTree(view);
    }

    @Override
    public void approve(String id) {
      service.approve(id, "terminal");
    }

    @Override
    public void cancel(String id, String reason) {
      service.cancel(id, "terminal", reason);
    }

    @Override
    public void answer(String id, String clarificationId, String value) {
      service.answer(id, new ClarificationAnswer(clarificationId, value, "terminal"));
    }

    @Override
    public String report(String id, String format) {
      FrozenReport report =
          reports.find(id).orElseThrow(() -> new StartupFailure("job " + id + " has no report"));
      return format.equals("html") ? report.html() : report.markdown();
    }
  }

  private AskCommand(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
  }

  static int run(String[] args, PrintStream out, PrintStream err) {
    return new AskCommand(out, err).ask(args);
  }

  private int ask(String[] args) {
    Options o = Options.parse(args);
    if (AssayRest.healthy(o.url)) {
      rest = new AssayRest(o.url, o.user, o.password());
      jobs = new RestJobs();
      return submitAndFollow(o);
    }
    err.println(
        "assay: no Assay at "
            + o.url
            + "; starting the embedded stack (this takes a few seconds)...");
    try (ConfigurableApplicationContext embedded =
        UpCommand.start(
            new String[] {
              "--server.port=0", "--assay.temporal.embedded-port=0", "--logging.level.root=warn"
            })) {
      jobs = new LocalJobs(embedded);
      return submitAndFollow(o);
    }
  }

  private int submitAndFollow(Options o) {
    String id =
        o.resubmit == null
            ? jobs.submit(o.question, o.dataset, o.approve.equals("auto"), o.user)
            : jobs.resubmit(o.resubmit, o.question, o.user);
    err.println("job " + id);
    return follow(id, o);
  }

  private int follow(String id, Options o) {
    String shownState = "";
    while (true) {
      JsonNode view = jobs.view(id);
      JsonNode p = view.path("progress");
      String state = p.path("state").asText(view.path("job").path("state").asText());
      drawBar(p, state);
      if (!state.equals(shownState)) {
        shownState = state;
        if (state.equals("AWAITING_APPROVAL")) {
          endLine();
          if (!approve(id, p)) {
            return 1;
          }
        } else if (state.equals("CLARIFICATION_REQUIRED")) {
          endLine();
          clarify(id, p.path("pendingClarification"));
          shownState = "";
        }
      }
      switch (state) {
        case "COMPLETED" -> {
          endLine();
          return writeReports(id, o.out);
        }
        case "FAILED", "CANCELLED" -> {
          endLine();
          err.println("job " + id + " " + stateWords(state) + ": " + WORDS.of(lastError(view)));
          return 1;
        }
        default -> sleep(400);
      }
    }
  }

  private boolean approve(String id, JsonNode p) {
    out.println("Plan (" + StateWords.reason(p.path("decisionReason").asText("")) + "):");
    int i = 1;
    for (JsonNode step : p.path("plan").path("steps")) {
      out.println(
          "  "
              + i++
              + ". "
              + ANALYSES.analysis(step.path("analysis").asText())
              + " "
              + step.path("args")
              + " — "
              + step.path("why").asText(""));
    }
    String answer = prompt("Approve this plan? [y/N] ");
    if (answer.equalsIgnoreCase("y") || answer.equalsIgnoreCase("yes")) {
      jobs.approve(id);
      return true;
    }
    jobs.cancel(id, "not approved at the terminal");
    err.println("plan not approved; job cancelled");
    return false;
  }

  private void clarify(String id, JsonNode clarification) {
    out.println(clarification.path("question").asText());
    List<String> values = new ArrayList<>();
    for (JsonNode option : clarification.path("options")) {
      values.add(option.path("value").asText());
      out.println("  " + values.size() + ". " + option.path("label").asText());
    }
    while (true) {
      String answer = prompt("Choose 1-" + values.size() + ": ");
      try {
        int n = Integer.parseInt(answer.strip());
        if (n >= 1 && n <= values.size()) {
          jobs.answer(id, clarification.path("id").asText(), values.get(n - 1));
          return;
        }
      } catch (NumberFormatException e) {
        // fall through to ask again
      }
      out.println("Please enter a number from 1 to " + values.size() + ".");
    }
  }

  private int writeReports(String id, Path dir) {
    try {
      Path target = dir.resolve(id);
      Files.createDirectories(target);
      Files.writeString(target.resolve("report.md"), jobs.report(id, "md"));
      Files.writeString(target.resolve("report.html"), jobs.report(id, "html"));
      out.println("report: " + target.resolve("report.md") + " and report.html");
      return 0;
    } catch (IOException e) {
      err.println("assay: cannot write the report files to " + dir + ": " + e.getMessage());
      return 1;
    }
  }

  private void drawBar(JsonNode p, String state) {
    int total = p.path("stepsTotal").asInt(0);
    int done = p.path("stepsDone").asInt(0);
    int width = 24;
    int filled = total == 0 ? 0 : Math.min(width, done * width / total);
    String step = p.path("currentStep").asText("");
    err.print(
        "\r["
            + "#".repeat(filled)
            + ".".repeat(width - filled)
            + "] "
            + done
            + "/"
            + total
            + " "
            + stateWords(state)
            + (step.isEmpty() ? "" : " · " + ANALYSES.analysisInText(step))
            + "        ");
    err.flush();
  }

  /** A state the server named ("AWAITING_APPROVAL") as people say it; unknown names as given. */
  static String stateWords(String state) {
    String words = StateWords.named(state);
    return words != null ? words : state.toLowerCase(java.util.Locale.ROOT);
  }

  private static String lastError(JsonNode view) {
    String progress = view.path("progress").path("lastError").asText("");
    return progress.isEmpty() ? view.path("job").path("lastError").asText("") : progress;
  }

  private void endLine() {
    err.println();
  }

  private String prompt(String text) {
    out.print(text);
    out.flush();
    try {
      String line = in.readLine();
      return line == null ? "" : line.strip();
    } catch (IOException e) {
      return "";
    }
  }

  private String text(String path) {
    return rest.send("GET", path, null);
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  static int freePort() {
    try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new StartupFailure("no free port: " + e.getMessage());
    }
  }

  /** Parsed {@code ask} arguments. */
  record Options(
      String question,
      String dataset,
      String approve,
      Path out,
      String url,
      String user,
      String passwordOption,
      String resubmit) {
    static Options parse(String[] args) {
      String question = null;
      String dataset = null;
      String approve = "ask";
      Path out = Path.of("assay-reports");
      String url = "http://localhost:8080";
      String user = System.getenv().getOrDefault("ASSAY_USER", "operator");
      String password = System.getenv("ASSAY_PASSWORD");
      String resubmit = null;
      for (int i = 0; i < args.length; i++) {
        String a = args[i];
        switch (a) {
          case "--approve" -> approve = value(args, ++i, a);
          case "--dataset" -> dataset = value(args, ++i, a);
          case "--out" -> out = Path.of(value(args, ++i, a));
          case "--url" -> url = value(args, ++i, a);
          case "--user" -> user = value(args, ++i, a);
          case "--password" -> password = value(args, ++i, a);
          case "--resubmit" -> resubmit = value(args, ++i, a);
          default -> {
            if (a.startsWith("--")) {
              throw new Cli.UsageException("unknown option " + a + " for ask");
            }
            if (question != null) {
              throw new Cli.UsageException("ask takes one question; quote it: assay ask \"...\"");
            }
            question = a;
          }
        }
      }
      if (question == null || question.isBlank()) {
        throw new Cli.UsageException(
            "ask needs a question: assay ask \"How many loans were granted in 1997?\"");
      }
      if (!approve.equals("auto") && !approve.equals("ask") && !approve.equals("require")) {
        throw new Cli.UsageException("--approve takes auto or require");
      }
      return new Options(
          question, dataset, approve, out, url.replaceAll("/+$", ""), user, password, resubmit);
    }

    String password() {
      if (passwordOption == null || passwordOption.isBlank()) {
        throw new Cli.UsageException(
            "a running Assay needs credentials: pass --password or set ASSAY_PASSWORD (the"
                + " generated password was printed when Assay first started)");
      }
      return passwordOption;
    }

    private static String value(String[] args, int i, String option) {
      if (i >= args.length) {
        throw new Cli.UsageException(option + " needs a value");
      }
      return args[i];
    }
  }
}
