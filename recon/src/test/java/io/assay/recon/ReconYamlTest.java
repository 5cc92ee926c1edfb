package io.assay.recon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.Pick;
import io.assay.pick.PickValidationError;
import io.assay.pick.Unit;
import io.assay.recon.compose.Composer;
import io.assay.recon.knowledge.KnowledgeSource;
import io.assay.recon.schema.SchemaSnapshot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The dataset YAML is validated at load, with errors naming the file and the key. */
class ReconYamlTest {

  @TempDir Path dir;

  /** The shipped YAML with one replacement applied to one file. */
  private KnowledgeSource edited(String file, String... fromTo) throws IOException {
    Map<String, String> files = KnowledgeSource.classpath("financial").read();
    files.forEach(
        (name, text) -> {
          String content = text;
          if (name.equals(file)) {
            for (int i = 0; i < fromTo.length; i += 2) {
              assertThat(content).as("the text to replace in %s", file).contains(fromTo[i]);
              content = content.replace(fromTo[i], fromTo[i + 1]);
            }
          }
          try {
            Files.writeString(dir.resolve(name), content);
          } catch (IOException e) {
            throw new IllegalStateException(e);
          }
        });
    return KnowledgeSource.directory(dir);
  }

  private static Recon build(KnowledgeSource source) {
    return ReconLoader.fromSnapshot(ReconLoader.bundledSnapshot("financial"), source);
  }

  @Test
  void theShippedYamlLoadsWithAllMetricsAndCodes() {
    Recon recon = OfflineRecon.get();
    assertThat(recon.metric("cash_withdrawal_amount")).isPresent();
    assertThat(recon.metrics()).hasSizeGreaterThanOrEqualTo(30);
    assertThat(recon.codeLists()).hasSizeGreaterThanOrEqualTo(10);
    assertThat(recon.joins().ambiguous()).isEmpty();
  }

  @Test
  void aSynonymOfTwoMetricsIsWarnedAbout() throws IOException {
    Recon recon =
        build(
            edited(
                "metrics.yaml",
                "    synonyms: [number of cards, cards issued, how many cards]",
                "    synonyms: [number of cards, cards issued, how many cards, Number of loans]"));
    assertThat(recon.warnings())
        .containsExactly(
            "metrics.yaml: the synonym 'number of loans' names metrics loan_count and card_count;"
                + " a question using it cannot tell them apart — keep it on one of them");
    assertThat(OfflineRecon.get().warnings()).isEmpty();
  }

  @Test
  void unknownKeyNamesFileLineAndKey() throws IOException {
    KnowledgeSource s =
        edited(
            "metrics.yaml",
            "    aggregation: count\n    column: loan.loan_id",
            "    aggregation: count\n    colum: loan.loan_id");
    assertThatThrownBy(() -> build(s))
        .isInstanceOf(ReconConfigException.class)
        .hasMessageMatching(
            "(?s)metrics\\.yaml line \\d+: metrics\\.loan_count\\.colum: unknown key 'colum' — did you mean 'column'\\?.*");
  }

  @Test
  void aFlagsCodesMustBeValuesOfItsType() throws IOException {
    // loan.duration holds whole numbers: "12" is a code it may hold, "twelve" is not
    KnowledgeSource s =
        edited(
            "codes.yaml",
            "  client.gender:",
            "  loan.duration:\n    closed: false\n    values:\n"
                + "      \"12\": {meaning: a year, words: [one year]}\n"
                + "      twelve: {meaning: a year, words: [a year]}\n\n  client.gender:");
    assertThatThrownBy(() -> build(s))
        .isInstanceOf(ReconConfigException.class)
        .hasMessageContaining(
            "codes.yaml: columns.loan.duration.values.twelve: not a value of a int4 column");
    KnowledgeSource dates =
        edited(
            "codes.yaml",
            "  client.gender:",
            "  loan.date:\n    values:\n      x: {meaning: x}\n\n  client.gender:");
    assertThatThrownBy(() -> build(dates))
        .isInstanceOf(ReconConfigException.class)
        .hasMessageContaining("code lists are for text, whole-number or true/false columns");
  }

  @Test
  void unknownColumnIsSuggested() throws IOException {
    KnowledgeSource s =
        edited(
            "metrics.yaml",
            "column: loan.amount\n    unit: CZK\n    format: \",.0f\"\n    time_column: loan.date\n  average_loan_amount",
            "column: loan.amout\n    unit: CZK\n    format: \",.0f\"\n    time_column: loan.date\n  average_loan_amount");
    assertThatThrownBy(() -> build(s))
        .isInstanceOf(ReconConfigException.class)
        .hasMessage(
            "metrics.yaml: metrics.loan_amount.column: unknown column 'loan.amout' — did you mean 'loan.amount'?");
  }

  @Test
  void unknownAggregationListsTheChoices() throws IOException {
    KnowledgeSource s =
        edited(
            "metrics.yaml",
            "    aggregation: avg\n    column: loan.amount",
            "    aggregation: mean\n    column: loan.amount");
    assertThatThrownBy(() -> build(s))
        .isInstanceOf(ReconConfigException.class)
        .hasMessageContaining(
            "metrics.average_loan_amount.aggregation: 'mean' is not one of sum, avg, min, max, count, count_distinct");
  }

  @Test
  void metricFilterWithAnInvalidCodeIsCaughtAtLoad() throws IOException {
    KnowledgeSource s =
        edited(
            "metrics.yaml",
            "column: trans.type, op: eq, value: PRIJEM}",
            "column: trans.type, op: eq, value: PRIJEN}");
    assertThatThrownBy(() -> build(s))
        .isInstanceOf(ReconConfigException.class)
        .hasMessageContaining(
            "metrics.yaml: metrics.credit_amount: 'PRIJEN' is not a value of trans.type — did you mean 'PRIJEM'?");
  }

  @Test
  void ratioOfUnknownMetricIsNamed() throws IOException {
    KnowledgeSource s =
        edited("metrics.yaml", "denominator: withdrawal_amount", "denominator: withdrawl_amount");
    assertThatThrownBy(() -> build(s))
        .isInstanceOf(ReconConfigException.class)
        .hasMessage(
            "metrics.yaml: metrics.credit_to_withdrawal_ratio.denominator: unknown metric 'withdrawl_amount' — did you mean 'withdrawal_amount'?");
  }

  @Test
  void ambiguousJoinWithoutPreferenceIsRefused() throws IOException {
    KnowledgeSource s =
        edited(
            "schema_docs.yaml",
            "  - between: [card, district]\n    via: [disp, client]\n    why: A card belongs to a person; their district is where they live.\n",
            "");
    assertThatThrownBy(() -> build(s))
        .isInstanceOf(ReconConfigException.class)
        .hasMessageContaining(
            "schema_docs.yaml: preferred_paths: tables card ↔ district are joined by 2 equally short paths")
        .hasMessageContaining("card → disp → account → district")
        .hasMessageContaining("card → disp → client → district");
  }

  @Test
  void preferredPathMustFollowRelationships() throws IOException {
    KnowledgeSource s = edited("schema_docs.yaml", "    via: [disp]\n", "    via: [loan]\n");
    assertThatThrownBy(() -> build(s))
        .isInstanceOf(ReconConfigException.class)
        .hasMessageContaining(
            "schema_docs.yaml: preferred_paths[0]: no relationship joins 'loan' and 'client'");
  }

  @Test
  void aColumnUnitMustBeKnownAndOnANumberColumn() throws IOException {
    KnowledgeSource s =
        edited(
            "schema_docs.yaml",
            "unit: months,",
            "unit: moons,",
            "      a2: {description: District name.,",
            "      a2: {unit: days, description: District name.,");
    assertThatThrownBy(() -> build(s))
        .isInstanceOf(ReconConfigException.class)
        .hasMessageContaining(
            "tables.loan.columns.duration.unit: unknown unit 'moons'; known units:")
        .hasMessageContaining("tables.district.columns.a2.unit: only number columns have a unit");
  }

  @Test
  void aNumberKeptAsTextMustComeFromOneTextColumn() throws IOException {
    KnowledgeSource s =
        edited(
            "schema_docs.yaml",
            "kind: number_from_text\n        from: a4",
            "kind: number_from_text\n        from: a11");
    assertThatThrownBy(() -> build(s))
        .isInstanceOf(ReconConfigException.class)
        .hasMessageContaining(
            "tables.district.computed.inhabitants: from must name one text column of 'district',"
                + " and no to");
    assertThat(OfflineRecon.get().column(ColumnRef.of("district.inhabitants")))
        .hasValueSatisfying(c -> assertThat(c.type().isNumeric()).isTrue());
  }

  @Test
  void theShippedUnitsAreRead() {
    assertThat(build(KnowledgeSource.classpath("financial")).column(ColumnRef.of("loan.duration")))
        .hasValueSatisfying(c -> assertThat(c.unit()).isEqualTo(Unit.MONTHS));
  }

  @Test
  void unknownTableAndColumnInDocs() throws IOException {
    KnowledgeSource s = edited("schema_docs.yaml", "      a11: {", "      a111: {");
    assertThatThrownBy(() -> build(s))
        .isInstanceOf(ReconConfigException.class)
        .hasMessageStartingWith(
            "schema_docs.yaml: tables.district.columns.a111: no such column in table 'district' — did you mean 'a11'");
  }

  @Test
  void brokenYamlSyntaxIsReportedWithItsLine() throws IOException {
    KnowledgeSource s = edited("codes.yaml", "  card.type:\n", "  card.type: [\n");
    assertThatThrownBy(() -> build(s))
        .isInstanceOf(ReconConfigException.class)
        .hasMessageStartingWith("codes.yaml line ");
  }

  @Test
  void noJoinPathIsAClearPickError() throws IOException {
    KnowledgeSource s =
        edited(
            "schema_docs.yaml",
            "  - {from: order.account_id, to: account.account_id, description: the account paying a permanent order}\n",
            "",
            "  - between: [order, client]\n    via: [account, disp]\n    why: An order's clients are the holders of its account.\n",
            "");
    Recon recon = build(s);
    Pick pick =
        Pick.builder().metric("order_amount").filter(Filter.eq("district.a3", "Prague")).build();
    assertThatThrownBy(() -> Composer.compose(pick, recon))
        .isInstanceOf(PickValidationError.class)
        .hasMessage(
            "no join path between 'order' and 'district' (filter on district.a3): recon declares no relationship connecting them");
  }

  @Test
  void fingerprintFollowsTheSchemaStructureButNotTheData() {
    SchemaSnapshot s = ReconLoader.bundledSnapshot("financial");
    Map<String, String> files = KnowledgeSource.classpath("financial").read();
    String base = ReconLoader.fingerprint(files, s);
    List<SchemaSnapshot.Table> tables = new ArrayList<>(s.tables());
    SchemaSnapshot.Table loan = tables.get(5); // tables are in name order
    assertThat(loan.name()).isEqualTo("loan");
    List<SchemaSnapshot.Column> columns = new ArrayList<>(loan.columns());
    columns.add(new SchemaSnapshot.Column("rate", "float8", true));
    tables.set(5, new SchemaSnapshot.Table("loan", columns, loan.primaryKey(), loan.rowCount()));
    SchemaSnapshot widened = new SchemaSnapshot(s.schema(), tables, s.textValues(), s.dateRanges());
    assertThat(ReconLoader.fingerprint(files, widened)).isNotEqualTo(base);
    SchemaSnapshot moreRows = new SchemaSnapshot(s.schema(), s.tables(), Map.of(), Map.of());
    assertThat(ReconLoader.fingerprint(files, moreRows)).isEqualTo(base);
  }

  @Test
  void fingerprintFollowsTheYaml() throws IOException {
    Recon a = build(edited("schema_docs.yaml", "A bank account", "A bank account"));
    Recon b = build(edited("schema_docs.yaml", "A bank account", "One bank account"));
    assertThat(a.fingerprint())
        .isEqualTo(OfflineRecon.get().fingerprint())
        .isNotEqualTo(b.fingerprint());
  }
}
