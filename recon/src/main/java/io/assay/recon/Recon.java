package io.assay.recon;

import io.assay.pick.ColumnRef;
import io.assay.recon.joins.JoinGraph;
import io.assay.recon.joins.PreferredPath;
import io.assay.recon.schema.SchemaSnapshot;
import io.assay.recon.text.DidYouMean;
import io.assay.recon.values.ValueIndex;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The schema knowledge graph of one dataset: the introspected tables, columns, types and keys,
 * merged with the YAML descriptions and synonyms, relationships and preferred join paths, typed
 * metrics, code values, the value index, and the date range of each date column. Immutable and
 * thread-safe; build it with {@link ReconLoader} (or keep one current with {@link ReconCache}).
 */
public final class Recon {

  private final String dataset;
  private final String schema;
  private final String fingerprint;
  private final Instant builtAt;
  private final Map<String, TableInfo> tables;
  private final List<Relationship> relationships;
  private final List<PreferredPath> preferredPaths;
  private final JoinGraph joins;
  private final Map<String, MetricDefinition> metrics;
  private final Map<ColumnRef, CodeList> codes;
  private final ValueIndex values;
  private final Map<ColumnRef, SchemaSnapshot.DateRange> dateRanges;
  private final List<String> warnings;
  private final String readerVocabulary;

  Recon(
      String dataset,
      String schema,
      String fingerprint,
      Instant builtAt,
      Map<String, TableInfo> tables,
      List<Relationship> relationships,
      List<PreferredPath> preferredPaths,
      JoinGraph joins,
      Map<String, MetricDefinition> metrics,
      Map<ColumnRef, CodeList> codes,
      ValueIndex values,
      Map<ColumnRef, SchemaSnapshot.DateRange> dateRanges,
      List<String> warnings,
      String readerVocabulary) {
    this.dataset = dataset;
    this.schema = schema;
    this.fingerprint = fingerprint;
    this.builtAt = builtAt;
    this.tables = new LinkedHashMap<>(tables);
    this.relationships = List.copyOf(relationships);
    this.preferredPaths = List.copyOf(preferredPaths);
    this.joins = joins;
    this.metrics = new LinkedHashMap<>(metrics);
    this.codes = new LinkedHashMap<>(codes);
    this.values = values;
    this.dateRanges = new LinkedHashMap<>(dateRanges);
    this.warnings = List.copyOf(warnings);
    this.readerVocabulary = readerVocabulary;
  }

  /**
   * The dataset's {@code reader.yaml} as written (the question reader's extra words, labels and
   * ambiguous words for this dataset), or empty when the dataset has none.
   */
  public Optional<String> readerVocabulary() {
    return Optional.ofNullable(readerVocabulary);
  }

  /** Dataset name, e.g. "financial". */
  public String dataset() {
    return dataset;
  }

  /** Database schema holding the dataset's tables. */
  public String schema() {
    return schema;
  }

  /** SHA-256 of the YAML files and the introspected structure; changes when either changes. */
  public String fingerprint() {
    return fingerprint;
  }

  public Instant builtAt() {
    return builtAt;
  }

  public Collection<TableInfo> tables() {
    return tables.values();
  }

  public Optional<TableInfo> table(String name) {
    return Optional.ofNullable(tables.get(name));
  }

  public Optional<ColumnInfo> column(ColumnRef ref) {
    TableInfo t = tables.get(ref.table());
    return t == null ? Optional.empty() : t.column(ref.column());
  }

  public List<Relationship> relationships() {
    return relationships;
  }

  public List<PreferredPath> preferredPaths() {
    return preferredPaths;
  }

  public JoinGraph joins() {
    return joins;
  }

  public Collection<MetricDefinition> metrics() {
    return metrics.values();
  }

  public Optional<MetricDefinition> metric(String name) {
    return Optional.ofNullable(metrics.get(name));
  }

  /** Close metric names for a misspelt one, searching names and synonyms. */
  public List<String> suggestMetrics(String asked) {
    Map<String, String> spellings = new LinkedHashMap<>();
    for (MetricDefinition m : metrics.values()) {
      spellings.put(m.name(), m.name());
      for (String s : m.synonyms()) {
        spellings.putIfAbsent(s, m.name());
      }
    }
    return DidYouMean.suggest(asked, spellings, 3);
  }

  /** Close table names for a misspelt one, searching names and synonyms. */
  public List<String> suggestTables(String asked) {
    Map<String, String> spellings = new LinkedHashMap<>();
    for (TableInfo t : tables.values()) {
      spellings.put(t.name(), t.name());
      for (String s : t.synonyms()) {
        spellings.putIfAbsent(s, t.name());
      }
    }
    return DidYouMean.suggest(asked, spellings, 3);
  }

  /** Close "table.column" names for a misspelt column reference. */
  public List<String> suggestColumns(ColumnRef asked) {
    TableInfo t = tables.get(asked.table());
    if (t != null) {
      return DidYouMean.suggest(asked.column(), t.columnSpellings(), 3).stream()
          .map(c -> t.name() + "." + c)
          .toList();
    }
    List<String> withColumn =
        tables.values().stream()
            .filter(table -> table.column(asked.column()).isPresent())
            .map(table -> table.name() + "." + asked.column())
            .toList();
    return withColumn.isEmpty()
        ? suggestTables(asked.table()).stream().map(x -> x + "." + asked.column()).toList()
        : withColumn;
  }

  public Collection<CodeList> codeLists() {
    return codes.values();
  }

  public Optional<CodeList> codes(ColumnRef column) {
    return Optional.ofNullable(codes.get(column));
  }

  public ValueIndex values() {
    return values;
  }

  /** Earliest and latest date of a date column, as recorded when recon was built. */
  public Optional<SchemaSnapshot.DateRange> dateRange(ColumnRef column) {
    return Optional.ofNullable(dateRanges.get(column));
  }

  /** Non-fatal findings of the build (e.g. a stored code the YAML does not explain). */
  public List<String> warnings() {
    return warnings;
  }

  /** A JSON-serialisable view of everything recon knows, for {@code ./assay recon} and REST. */
  public ReconDescription describe() {
    return ReconDescription.of(this);
  }
}
