package io.assay.analyses;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.contract.plan.StepArgs;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AnalysisRegistryTest {

  /** An analysis that exists only in this test, registered by a services file of its own. */
  public static final class EchoAnalysis implements Analysis {
    @Override
    public String name() {
      return "echo";
    }

    @Override
    public String description() {
      return "Says nothing; proves registration needs no runtime change.";
    }

    @Override
    public ArgsSchema argsSchema() {
      return ArgsSchema.of(ArgSpec.required("text", ArgType.STRING, "what to echo"));
    }

    @Override
    public Finding run(StepArgs args, String question, AnalysisContext context) {
      return Finding.builder(context.stepId(name()), name())
          .goal("echo " + args.json().get("text"))
          .error("nothing to echo")
          .build(FindingStatus.EMPTY);
    }
  }

  @Test
  void discoversEveryAnalysisOfTheIssue() {
    AnalysisRegistry registry = AnalysisRegistry.discover();
    assertThat(registry.names())
        .containsExactly(
            "compare_periods",
            "correlate",
            "direct_answer",
            "drill_down",
            "find_outliers",
            "forecast",
            "multi_dimensional_rca",
            "trend_anomaly");
    for (Analysis a : registry.all()) {
      assertThat(a.description()).isNotBlank();
      assertThat(a.argsSchema().args()).isNotEmpty();
    }
  }

  @Test
  void aNewAnalysisRegistersWithAServicesLineAndRuns(@TempDir Path dir) throws Exception {
    Path services = dir.resolve("META-INF/services/" + Analysis.class.getName());
    Files.createDirectories(services.getParent());
    Files.writeString(services, EchoAnalysis.class.getName() + "\n");
    try (URLClassLoader loader =
        new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
      AnalysisRegistry registry = AnalysisRegistry.discover(loader);
      assertThat(registry.find("echo")).isPresent();
      assertThat(registry.names()).hasSize(9);
      AnalysisContext ctx = AnalysisFixture.get().context("echo");
      Finding f =
          new AnalysisRunner(registry).run("echo", StepArgs.of(Map.of("text", "hi")), "q", ctx);
      assertThat(f.goal()).isEqualTo("echo hi");
      assertThatThrownBy(
              () -> new AnalysisRunner(registry).run("echo", StepArgs.of(Map.of()), "q", ctx))
          .isInstanceOf(InvalidArgsException.class)
          .hasMessageContaining("missing required arg 'text'");
    }
  }

  @Test
  void anUnknownAnalysisIsInvalidArgsNamingTheKnownOnes() {
    AnalysisContext ctx = AnalysisFixture.get().context("unknown");
    assertThatThrownBy(
            () -> AnalysisFixture.get().runner().run("root_cause", StepArgs.of(Map.of()), "q", ctx))
        .isInstanceOf(InvalidArgsException.class)
        .hasMessageContaining("unknown analysis 'root_cause'")
        .hasMessageContaining("drill_down");
  }

  @Test
  void duplicateNamesAreRefused() {
    assertThatThrownBy(() -> new AnalysisRegistry(List.of(new EchoAnalysis(), new EchoAnalysis())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("two analyses are named echo");
  }

  @Test
  void declaredKeepsTheServicesLinesOrderWhichTheReaderKnowsCueWordsIn() {
    AnalysisRegistry registry = AnalysisRegistry.discover();
    assertThat(registry.declared())
        .extracting(Analysis::name)
        .containsExactly(
            "direct_answer",
            "trend_anomaly",
            "drill_down",
            "multi_dimensional_rca",
            "compare_periods",
            "forecast",
            "find_outliers",
            "correlate");
    assertThat(
            registry.declared().stream()
                .flatMap(a -> a.cues().cues().stream())
                .map(CueWords.Cue::name))
        .containsExactly(
            "TREND", "ANOMALY", "DRILL_DOWN", "COMPARE", "FORECAST", "OUTLIERS", "CORRELATE");
  }

  @Test
  void everyAnalysisButTheFallbackSearchHasAPlannerEntryAndEachATitle() {
    AnalysisRegistry registry = AnalysisRegistry.discover();
    for (Analysis a : registry.all()) {
      assertThat(a.title()).isNotBlank();
      assertThat(a.planner().isPresent())
          .as(a.name())
          .isEqualTo(!a.name().equals("multi_dimensional_rca"));
      a.cues().cues().forEach(c -> assertThat(c.phrases()).as(c.name()).isNotEmpty());
    }
    assertThat(registry.find("trend_anomaly").orElseThrow().title()).isEqualTo("Trend anomaly");
    // The steps' order in a plan: a scan before the drill-down that explains what it located.
    assertThat(registry.find("trend_anomaly").orElseThrow().planner().orElseThrow().order())
        .isLessThan(registry.find("drill_down").orElseThrow().planner().orElseThrow().order());
  }

  @Test
  void aCueNameIsUpperSnakeCase() {
    assertThatThrownBy(() -> CueWords.Cue.of("spread", "how widely values spread", "spread"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("UPPER_SNAKE_CASE");
  }
}
