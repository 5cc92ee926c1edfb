package io.assay.workflows.support;

import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.Derivation;
import io.assay.contract.finding.DisplayFormat;
import io.assay.contract.finding.Figure;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.contract.plan.Clarification;
import io.assay.contract.step.AnalysisActivities;
import io.assay.contract.step.StepCall;
import io.temporal.activity.Activity;
import io.temporal.failure.ApplicationFailure;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** Analyses whose behaviour is their name: ok, fail_twice, invalid, empty, slow, ask. */
public class ScriptedAnalyses implements AnalysisActivities {
  public static final ArtifactRef REF = new ArtifactRef(1, "a".repeat(64));
  public final Map<String, AtomicInteger> attempts = new ConcurrentHashMap<>();

  @Override
  public Finding runAnalysis(StepCall call) {
    String key = call.jobId() + ":" + call.stepIndex() + ":" + call.analysis();
    int attempt = attempts.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
    switch (call.analysis()) {
      case "fail_twice" -> {
        if (attempt <= 2) {
          throw new IllegalStateException("connection refused (attempt " + attempt + ")");
        }
      }
      case "invalid" ->
          throw ApplicationFailure.newNonRetryableFailure(
              "unknown metric 'volumen' — did you mean 'volume_amount'?", "InvalidArgs");
      case "ask" -> {
        if (call.answers().isEmpty()) {
          return Finding.builder(key, call.analysis())
              .goal("needs a person")
              .clarification(
                  new Clarification(
                      "grain",
                      "time_grain",
                      "Which grain should the trend use?",
                      List.of(
                          new Clarification.Option("month", "monthly"),
                          new Clarification.Option("week", "weekly"))))
              .build(FindingStatus.EMPTY);
        }
      }
      case "empty" -> {
        return Finding.builder(key, call.analysis())
            .goal("nothing to find")
            .build(FindingStatus.EMPTY);
      }
      case "slow" -> {
        while (true) {
          Activity.getExecutionContext().heartbeat(attempt);
          try {
            Thread.sleep(100);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
          }
        }
      }
      default -> {}
    }
    double value = 42 + call.stepIndex();
    return Finding.builder(key, call.analysis())
        .goal("answer " + call.question())
        .artifact(REF)
        .figure(
            Figure.of(
                "value",
                "Value of " + call.analysis() + " " + call.args(),
                "",
                DisplayFormat.number(0),
                REF,
                Derivation.value("v", value, REF, "/rows/0/0")))
        .statement("The value is {fig:value}.")
        .build(FindingStatus.OK);
  }
}
