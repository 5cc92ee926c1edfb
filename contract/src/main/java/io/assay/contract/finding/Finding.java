package io.assay.contract.finding;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.assay.contract.plan.Clarification;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What one analysis step found, small enough to travel through workflow history: a summary of the
 * data (never its rows), references to the artifacts holding the data, headline figures with their
 * derivations, statements written from those figures, chart datasets, errors and what to try next.
 *
 * @param stepId the plan step that produced it, e.g. {@code job-42:0:trend_anomaly}
 * @param analysis the analysis name, e.g. {@code trend_anomaly}
 * @param goal what the step set out to establish
 * @param keyPath the path it took (grain, dimensions descended, fallbacks)
 * @param artifacts every artifact the step stored (query results, computations, chart data)
 * @param statements sentences in {@link StatementTemplate} syntax, numbers only via figures
 * @param charts chart datasets, each already stored and citing its chart_data artifact
 * @param errors why the step failed or what it could not do; required when FAILED
 * @param nextSteps what a person could try next
 * @param clarification a question the step needs a person to answer before it can go on (the step
 *     workflow asks it and runs the step again with the answer); null when there is none
 */
public record Finding(
    String stepId,
    String analysis,
    String goal,
    String keyPath,
    DataDescription data,
    List<ArtifactRef> artifacts,
    List<Figure> figures,
    List<String> statements,
    List<ChartData> charts,
    List<String> errors,
    List<String> nextSteps,
    FindingStatus status,
    Clarification clarification) {

  /** A Finding that needs no clarification. */
  public Finding(
      String stepId,
      String analysis,
      String goal,
      String keyPath,
      DataDescription data,
      List<ArtifactRef> artifacts,
      List<Figure> figures,
      List<String> statements,
      List<ChartData> charts,
      List<String> errors,
      List<String> nextSteps,
      FindingStatus status) {
    this(
        stepId,
        analysis,
        goal,
        keyPath,
        data,
        artifacts,
        figures,
        statements,
        charts,
        errors,
        nextSteps,
        status,
        null);
  }

  /**
   * The step found nothing usable (EMPTY, or FAILED with its reasons): the plan step's fallback,
   * when it has one, runs instead.
   */
  @JsonIgnore
  public boolean empty() {
    return status != FindingStatus.OK;
  }

  /**
   * One line for progress views: the first statement with its figures written out (value and unit),
   * dates and labels as given; else the first error; else the goal.
   */
  @JsonIgnore
  public String headline() {
    if (!statements.isEmpty()) {
      StringBuilder line = new StringBuilder();
      for (StatementTemplate.Part part : StatementTemplate.parse(statements.get(0))) {
        if (part instanceof StatementTemplate.Literal l) {
          line.append(l.text());
        } else if (part instanceof StatementTemplate.DatePart d) {
          line.append(d.iso());
        } else if (part instanceof StatementTemplate.LabelPart l) {
          line.append(l.text());
        } else if (part instanceof StatementTemplate.FigurePart fp) {
          for (Figure fig : figures) {
            if (fig.id().equals(fp.figureId())) {
              line.append(fig.display()).append(fig.unit().isEmpty() ? "" : " " + fig.unit());
            }
          }
        }
      }
      return line.toString();
    }
    if (!errors.isEmpty()) {
      return errors.get(0);
    }
    return goal.isEmpty()
        ? analysis + ": " + status.name().toLowerCase(java.util.Locale.ROOT)
        : goal;
  }

  public Finding {
    if (stepId == null || stepId.isBlank()) {
      throw new IllegalArgumentException("finding needs the step id that produced it");
    }
    if (analysis == null || analysis.isBlank()) {
      throw new IllegalArgumentException("finding of step " + stepId + " needs its analysis name");
    }
    if (status == null) {
      throw new IllegalArgumentException("finding of step " + stepId + " needs a status");
    }
    goal = goal == null ? "" : goal.strip();
    keyPath = keyPath == null ? "" : keyPath.strip();
    data = data == null ? DataDescription.none() : data;
    artifacts = artifacts == null ? List.of() : List.copyOf(artifacts);
    figures = figures == null ? List.of() : List.copyOf(figures);
    statements = statements == null ? List.of() : List.copyOf(statements);
    charts = charts == null ? List.of() : List.copyOf(charts);
    errors = errors == null ? List.of() : List.copyOf(errors);
    nextSteps = nextSteps == null ? List.of() : List.copyOf(nextSteps);

    Set<String> figureIds = new HashSet<>();
    for (Figure f : figures) {
      if (!figureIds.add(f.id())) {
        throw new IllegalArgumentException(
            "finding of step " + stepId + " repeats figure " + f.id());
      }
    }
    for (String statement : statements) {
      for (StatementTemplate.Part part : StatementTemplate.parse(statement)) {
        if (part instanceof StatementTemplate.FigurePart fig
            && !figureIds.contains(fig.figureId())) {
          throw new IllegalArgumentException(
              "statement \""
                  + statement
                  + "\" of step "
                  + stepId
                  + " names figure "
                  + fig.figureId()
                  + " which the finding does not have");
        }
      }
    }
    Set<String> chartIds = new HashSet<>();
    for (ChartData chart : charts) {
      if (!chartIds.add(chart.id())) {
        throw new IllegalArgumentException(
            "finding of step " + stepId + " repeats chart " + chart.id());
      }
      if (chart.source() == null) {
        throw new IllegalArgumentException(
            "chart "
                + chart.id()
                + " of step "
                + stepId
                + " cites no artifact; store it as chart_data first");
      }
    }
    if (status == FindingStatus.FAILED && errors.isEmpty()) {
      throw new IllegalArgumentException("failed finding of step " + stepId + " must say why");
    }
    if (status == FindingStatus.OK && figures.isEmpty() && charts.isEmpty()) {
      throw new IllegalArgumentException(
          "finding of step " + stepId + " is OK but has no figure and no chart; use EMPTY");
    }
  }

  public static Builder builder(String stepId, String analysis) {
    return new Builder(stepId, analysis);
  }

  /** Builds a Finding step by step; {@link #build} validates. */
  public static final class Builder {
    private final String stepId;
    private final String analysis;
    private String goal = "";
    private String keyPath = "";
    private DataDescription data = DataDescription.none();
    private final List<ArtifactRef> artifacts = new ArrayList<>();
    private final List<Figure> figures = new ArrayList<>();
    private final List<String> statements = new ArrayList<>();
    private final List<ChartData> charts = new ArrayList<>();
    private final List<String> errors = new ArrayList<>();
    private final List<String> nextSteps = new ArrayList<>();
    private Clarification clarification;

    private Builder(String stepId, String analysis) {
      this.stepId = stepId;
      this.analysis = analysis;
    }

    public Builder goal(String goal) {
      this.goal = goal;
      return this;
    }

    public Builder keyPath(String keyPath) {
      this.keyPath = keyPath;
      return this;
    }

    public Builder data(DataDescription data) {
      this.data = data;
      return this;
    }

    public Builder artifact(ArtifactRef ref) {
      artifacts.add(ref);
      return this;
    }

    public Builder figure(Figure figure) {
      figures.add(figure);
      return this;
    }

    public Builder statement(String statement) {
      statements.add(statement);
      return this;
    }

    public Builder chart(ChartData chart) {
      charts.add(chart);
      return this;
    }

    public Builder error(String error) {
      errors.add(error);
      return this;
    }

    public Builder nextStep(String nextStep) {
      nextSteps.add(nextStep);
      return this;
    }

    /** A question for a person; the step is asked again once it is answered. */
    public Builder clarification(Clarification clarification) {
      this.clarification = clarification;
      return this;
    }

    public Finding build(FindingStatus status) {
      return new Finding(
          stepId,
          analysis,
          goal,
          keyPath,
          data,
          artifacts,
          figures,
          statements,
          charts,
          errors,
          nextSteps,
          status,
          clarification);
    }
  }
}
