package io.assay.understand.plan;

import io.assay.analyses.support.EnglishList;
import io.assay.contract.job.JobRequest;
import io.assay.contract.plan.Clarification;
import io.assay.contract.plan.ClarificationAnswer;
import io.assay.contract.plan.Decision;
import io.assay.contract.plan.Plan;
import io.assay.contract.plan.PlanningException;
import io.assay.contract.plan.Understanding;
import io.assay.llm.ReadingPolicy;
import io.assay.pick.ColumnRef;
import io.assay.pick.TimeFilter;
import io.assay.recon.Recon;
import io.assay.recon.schema.SchemaSnapshot;
import io.assay.understand.AnalysisCue;
import io.assay.understand.Frame;
import io.assay.understand.Period;
import io.assay.understand.QuestionReader;
import io.assay.understand.Reading;
import io.assay.understand.model.Readers;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The decision over one question, as a small state machine whose path is recorded in the
 * understanding's reason:
 *
 * <pre>
 *   RECEIVED ─ wrong dataset / empty ───────────────────────────────▶ ERROR
 *      │
 *   READ ─ abstained (unknown words, nothing to compute) ──────────▶ ERROR (what is missing)
 *      ├─ ambiguous (metric, value, column, ranking) ───────────────▶ CLARIFICATION_REQUIRED
 *      │
 *   UNDERSTOOD ─ no analysis cue ─────────────────────────────────▶ DIRECT_ANSWER (1 step)
 *      │
 *   SCOPING ─ analysis over time without a window ─────────────────▶ CLARIFICATION_REQUIRED
 *      │                                                              (which period? options
 *   PLANNING ─ planner cannot plan ───────────────────────────────▶ ERROR  from recon's dates)
 *      └─────────────────────────────────────────────────────────▶ PLAN
 * </pre>
 *
 * Answers to earlier clarifications are applied by id, so answering continues where the question
 * stopped. Nothing is guessed: every option comes from recon.
 */
public final class DecisionMachine {

  /** The states a question passes through; the reason lists the path. */
  enum State {
    RECEIVED,
    READ,
    UNDERSTOOD,
    SCOPING,
    PLANNING,
    DECIDED
  }

  static final String TIME_RANGE = "time_range";

  /** How a plan's reason starts when the model reader produced the Pick (the report says so). */
  public static final String READ_BY_MODEL = "Read by the model reader";

  private final QuestionReader reader;
  private final Planner planner;
  private final Readers readers;

  public DecisionMachine(QuestionReader reader, Planner planner) {
    this(reader, planner, Readers.deterministic());
  }

  /**
   * @param readers which reader reads (the deterministic one, the model reader, or both)
   */
  public DecisionMachine(QuestionReader reader, Planner planner, Readers readers) {
    this.reader = reader;
    this.planner = planner;
    this.readers = readers;
  }

  public Understanding decide(JobRequest request, List<ClarificationAnswer> answers) {
    List<String> path = new ArrayList<>();
    path.add(State.RECEIVED.name());
    Recon recon = reader.recon();
    if (request.question() == null || request.question().isBlank()) {
      return Understanding.error(trace(path, "no question"), "the question is empty");
    }
    if (request.dataset() != null
        && !request.dataset().isBlank()
        && !request.dataset().equals(recon.dataset())) {
      return Understanding.error(
          trace(path, "unknown dataset"),
          "dataset '"
              + request.dataset()
              + "' is not loaded; the loaded dataset is '"
              + recon.dataset()
              + "'");
    }
    path.add(State.READ.name());
    Readers.Read read = readers.read(reader, request.question(), request.hint(), answers);
    Reading reading = read.reading();
    // Which reader produced the reading, and what the model did, goes into every reason.
    // Without a model the reasons read as they always did.
    String by =
        readers.policy() == ReadingPolicy.OFF && read.model() == null
            ? ""
            : ". Reader: " + read.by() + (read.note().isEmpty() ? "" : "; " + read.note());
    if (reading instanceof Reading.Abstained a) {
      String unreachable =
          read.unreachable() ? " (" + read.model().problem() + "; read without it)" : "";
      return Understanding.error(
          trace(path, "abstained: " + a.reason() + notes(a.notes()) + by),
          "The question cannot be answered as asked: "
              + String.join("; ", a.problems())
              + unreachable);
    }
    if (reading instanceof Reading.Ambiguous a) {
      return Understanding.ask(
          trace(
              path,
              "ambiguous "
                  + a.clarification().topic()
                  + ": "
                  + a.clarification().question()
                  + notes(a.notes())
                  + by),
          a.clarification());
    }
    Reading.Understood u = (Reading.Understood) reading;
    path.add(State.UNDERSTOOD.name());
    Frame frame = u.frame();
    if (!u.analyses().isEmpty() && needsWindow(u.analyses()) && frame.time() == null) {
      path.add(State.SCOPING.name());
      Optional<TimeFilter> answered = answeredWindow(answers, recon, frame.timeColumn(), frame);
      if (answered.isEmpty()) {
        // "in November compared with October": the periods named bound the window
        answered = spanOfPeriods(frame.periods());
      }
      if (answered.isEmpty()) {
        Clarification c = windowQuestion(recon, frame);
        return Understanding.ask(
            trace(
                path,
                "the analysis needs a time window and the question gives none"
                    + notes(u.notes())
                    + by),
            c);
      }
      frame = withTime(frame, answered.get());
    }
    path.add(State.PLANNING.name());
    Plan plan;
    try {
      plan =
          planner.plan(
              new PlanRequest(request.question(), request.hint(), u.pick(), frame, u.analyses()));
    } catch (PlanningException e) {
      return Understanding.error(
          trace(path, "no plan: " + e.getMessage() + notes(u.notes()) + by), e.getMessage());
    }
    if (Readers.MODEL.equals(read.by())) {
      plan = new Plan(plan.steps(), READ_BY_MODEL + " (" + read.note() + "). " + plan.reason());
    }
    path.add(State.DECIDED.name());
    if (u.analyses().isEmpty()) {
      return Understanding.plan(
          Decision.DIRECT_ANSWER,
          trace(path, "a lookup or aggregation (no analysis asked for)" + notes(u.notes()) + by),
          plan);
    }
    return Understanding.plan(
        Decision.PLAN,
        trace(
            path,
            // In words ("asks for anomaly and drill down"), not a Java list of enum names:
            // operators
            // read this trace on the job page.
            "asks for "
                + EnglishList.of(
                    u.analyses().stream()
                        .map(c -> c.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '))
                        .sorted()
                        .toList())
                + ": "
                + plan.reason()
                + notes(u.notes())
                + by),
        plan);
  }

  private static boolean needsWindow(java.util.Set<AnalysisCue> cues) {
    return cues.contains(AnalysisCue.TREND)
        || cues.contains(AnalysisCue.ANOMALY)
        || cues.contains(AnalysisCue.DRILL_DOWN);
  }

  private static String trace(List<String> path, String why) {
    return String.join(" → ", path) + ": " + why;
  }

  private static String notes(List<String> notes) {
    return notes.isEmpty() ? "" : ". Read as: " + String.join("; ", notes);
  }

  /** "Which period?" with the years of the metric's dates, and all of them. */
  static Clarification windowQuestion(Recon recon, Frame frame) {
    List<Clarification.Option> options = new ArrayList<>();
    SchemaSnapshot.DateRange range =
        frame.timeColumn() == null ? null : recon.dateRange(frame.timeColumn()).orElse(null);
    if (range != null && range.min() != null && range.max() != null) {
      for (int y = range.max().getYear(); y >= range.min().getYear(); y--) {
        options.add(new Clarification.Option("year:" + y, Integer.toString(y)));
      }
      options.add(
          new Clarification.Option("all", "all data (" + range.min() + " to " + range.max() + ")"));
    } else {
      options.add(new Clarification.Option("all", "all data"));
    }
    String what = frame.metric() != null ? frame.metric().replace('_', ' ') : "the measure";
    return new Clarification(
        TIME_RANGE, TIME_RANGE, "Which period should the analysis of " + what + " cover?", options);
  }

  private static Optional<TimeFilter> answeredWindow(
      List<ClarificationAnswer> answers, Recon recon, ColumnRef timeColumn, Frame frame) {
    if (answers == null) {
      return Optional.empty();
    }
    for (ClarificationAnswer a : answers) {
      if (!TIME_RANGE.equals(a.clarificationId()) || a.value() == null) {
        continue;
      }
      String v = a.value().strip();
      if (v.startsWith("year:")) {
        try {
          return Optional.of(new TimeFilter.Year(Integer.parseInt(v.substring(5))));
        } catch (NumberFormatException e) {
          return Optional.empty();
        }
      }
      if (v.equals("all") && timeColumn != null) {
        SchemaSnapshot.DateRange r = recon.dateRange(timeColumn).orElse(null);
        if (r != null) {
          return Optional.of(new TimeFilter.Range(r.min(), r.max()));
        }
      }
      if (v.startsWith("range:")) {
        String[] parts = v.substring(6).split("\\.\\.");
        if (parts.length == 2) {
          try {
            return Optional.of(
                new TimeFilter.Range(LocalDate.parse(parts[0]), LocalDate.parse(parts[1])));
          } catch (java.time.DateTimeException e) {
            return Optional.empty();
          }
        }
      }
    }
    return Optional.empty();
  }

  /** The smallest range holding every period the question named, when it named two or more. */
  static Optional<TimeFilter> spanOfPeriods(List<Period> periods) {
    if (periods.size() < 2) {
      return Optional.empty();
    }
    java.time.LocalDate from = periods.get(0).from();
    java.time.LocalDate to = periods.get(0).to();
    for (Period p : periods) {
      from = p.from().isBefore(from) ? p.from() : from;
      to = p.to().isAfter(to) ? p.to() : to;
    }
    return Optional.of(new TimeFilter.Range(from, to));
  }

  private static Frame withTime(Frame f, TimeFilter time) {
    return new Frame(
        f.metric(),
        f.metrics(),
        time,
        f.timeColumn(),
        f.grain(),
        f.filters(),
        f.groupBy(),
        f.periods(),
        f.horizon());
  }
}
