package io.assay.web.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The one-way direction of the stage modules, checked on the compiled main classes of every module
 * (this module sees them all): a wrong import fails the build, not a review.
 *
 * <pre>
 * pick ← contract ← workflows
 *          ↑
 * store ← analyses ← understand      evals (CLI only)
 *   ↑        ↑
 *   report ← delivery ← worker ← web
 * </pre>
 */
class ModuleDirectionTest {
  private static JavaClasses main;

  @BeforeAll
  static void importMainClasses() {
    main =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.assay");
  }

  @Test
  void thePickLanguageDependsOnJacksonOnly() {
    classes()
        .that()
        .resideInAPackage("io.assay.pick..")
        .should()
        .onlyDependOnClassesThat()
        .resideInAnyPackage("io.assay.pick..", "java..", "com.fasterxml.jackson..")
        .check(main);
  }

  @Test
  void theContractDependsOnThePickLanguageTemporalAndJacksonOnly() {
    classes()
        .that()
        .resideInAPackage("io.assay.contract..")
        .should()
        .onlyDependOnClassesThat()
        .resideInAnyPackage(
            "io.assay.contract..",
            "io.assay.pick..",
            "java..",
            "io.temporal..",
            "com.fasterxml.jackson..")
        .check(main);
  }

  @Test
  void workflowsSeeTheContractOnly() {
    classes()
        .that()
        .resideInAPackage("io.assay.workflows..")
        .should()
        .onlyDependOnClassesThat()
        .resideInAnyPackage(
            "io.assay.workflows..",
            "io.assay.contract..",
            "io.assay.pick..",
            "java..",
            "io.temporal..",
            "com.fasterxml.jackson..",
            "org.slf4j..")
        .check(main);
  }

  @Test
  void storesKnowNoStage() {
    noClasses()
        .that()
        .resideInAPackage("io.assay.store..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(stagesBut("io.assay.store.."))
        .check(main);
  }

  @Test
  void analysesKnowNeitherReadingNorReportingNorDelivery() {
    noClasses()
        .that()
        .resideInAPackage("io.assay.analyses..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(stagesBut("io.assay.analyses..", "io.assay.store.."))
        .check(main);
  }

  @Test
  void understandingKnowsNoLaterStage() {
    noClasses()
        .that()
        .resideInAPackage("io.assay.understand..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            stagesBut("io.assay.understand..", "io.assay.store..", "io.assay.analyses.."))
        .check(main);
  }

  @Test
  void reportsKnowNoOtherStage() {
    noClasses()
        .that()
        .resideInAPackage("io.assay.report..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(stagesBut("io.assay.report..", "io.assay.store.."))
        .check(main);
  }

  @Test
  void deliveryKnowsOnlyReportsAndStores() {
    noClasses()
        .that()
        .resideInAPackage("io.assay.delivery..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            stagesBut("io.assay.delivery..", "io.assay.store..", "io.assay.report.."))
        .check(main);
  }

  @Test
  void foundationsKnowNoStage() {
    noClasses()
        .that()
        .resideInAnyPackage(
            "io.assay.algorithms..", "io.assay.datasets..", "io.assay.recon..", "io.assay.llm..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(stagesBut())
        .check(main);
  }

  @Test
  void evaluationRunnersAreReachedOnlyFromTheCommandLine() {
    noClasses()
        .that()
        .resideOutsideOfPackages("io.assay.evals..", "io.assay.web.cli..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.assay.evals..")
        .check(main);
  }

  @Test
  void onlyTheApplicationWiresWorkers() {
    noClasses()
        .that()
        .resideOutsideOfPackages("io.assay.worker..", "io.assay.web..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("io.assay.worker..", "io.assay.web..")
        .check(main);
  }

  /**
   * Every stage module's packages but the given ones (the contract is no stage: always allowed).
   */
  private static String[] stagesBut(String... allowed) {
    return java.util.stream.Stream.of(
            "io.assay.store..",
            "io.assay.analyses..",
            "io.assay.understand..",
            "io.assay.report..",
            "io.assay.delivery..",
            "io.assay.workflows..",
            "io.assay.worker..",
            "io.assay.evals..",
            "io.assay.web..")
        .filter(p -> !java.util.List.of(allowed).contains(p))
        .toArray(String[]::new);
  }
}
