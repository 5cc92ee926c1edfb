package io.assay.recon;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.assay.pick.ColumnRef;
import io.assay.pick.PickJson;
import io.assay.pick.PickValidationError;
import io.assay.recon.schema.SchemaSnapshot;
import io.assay.recon.text.DidYouMean;
import io.assay.recon.values.ValueIndex;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Parses the dataset YAML, checks it against the introspected schema and assembles a {@link Recon}.
 * Every problem is collected with its file and key and reported together, so one load shows
 * everything to fix. Each part of the YAML is checked by a class of its own: {@link SchemaTables}
 * (tables and columns), {@link DeclaredJoins} (relationships and preferred paths), {@link
 * CodeLists} and {@link DeclaredMetrics}; this class reads the files, runs the parts in order and
 * reports.
 */
final class ReconAssembler {

  static final String SCHEMA_DOCS = "schema_docs.yaml";
  static final String METRICS = "metrics.yaml";
  static final String CODES = "codes.yaml";
  static final String READER = "reader.yaml";

  private static final ObjectMapper YAML =
      PickJson.configure(new YAMLMapper()).enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

  /** Lower_snake_case, for names the YAML introduces (metrics, computed columns). */
  static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]*");

  /**
   * The parsed YAML files (metrics and codes may be absent).
   *
   * @param readerVocabulary the dataset's {@code reader.yaml} as written, or null: recon carries it
   *     for the question reader, which owns its shape and checks it
   */
  record Parsed(
      YamlFiles.SchemaDocs docs,
      YamlFiles.Metrics metrics,
      YamlFiles.Codes codes,
      String readerVocabulary) {}

  private final List<String> problems = new ArrayList<>();
  private final List<String> warnings = new ArrayList<>();

  private ReconAssembler() {}

  /** Parses the files; throws {@link ReconConfigException} naming file, line and key. */
  static Parsed parse(Map<String, String> files, String location) {
    ReconAssembler a = new ReconAssembler();
    String docsText = files.get(SCHEMA_DOCS);
    if (docsText == null) {
      throw new ReconConfigException(
          List.of(SCHEMA_DOCS + ": not found in " + location + " (it is required)"));
    }
    YamlFiles.SchemaDocs docs = a.read(SCHEMA_DOCS, docsText, YamlFiles.SchemaDocs.class);
    YamlFiles.Metrics metrics =
        files.containsKey(METRICS)
            ? a.read(METRICS, files.get(METRICS), YamlFiles.Metrics.class)
            : new YamlFiles.Metrics(Map.of());
    YamlFiles.Codes codes =
        files.containsKey(CODES)
            ? a.read(CODES, files.get(CODES), YamlFiles.Codes.class)
            : new YamlFiles.Codes(Map.of());
    if (docs != null) {
      if (docs.dataset() == null || docs.dataset().isBlank()) {
        a.problems.add(SCHEMA_DOCS + ": dataset: missing (the dataset's name, e.g. financial)");
      }
      if (docs.schema() == null || docs.schema().isBlank()) {
        a.problems.add(SCHEMA_DOCS + ": schema: missing (the database schema holding the tables)");
      }
    }
    a.throwIfProblems();
    return new Parsed(
        docs,
        metrics == null || metrics.metrics() == null ? new YamlFiles.Metrics(Map.of()) : metrics,
        codes == null || codes.columns() == null ? new YamlFiles.Codes(Map.of()) : codes,
        files.get(READER));
  }

  /** Checks the parsed YAML against the snapshot and builds recon. */
  static Recon assemble(Parsed parsed, SchemaSnapshot snapshot, String fingerprint) {
    return new ReconAssembler().build(parsed, snapshot, fingerprint);
  }

  private <T> T read(String file, String text, Class<T> type) {
    try {
      T value = YAML.readValue(text, type);
      if (value == null) {
        problems.add(file + ": the file is empty");
      }
      return value;
    } catch (JsonProcessingException e) {
      problems.add(file + describe(e));
      return null;
    }
  }

  private Recon build(Parsed parsed, SchemaSnapshot snapshot, String fingerprint) {
    YamlFiles.SchemaDocs docs = parsed.docs();
    if (snapshot.tables().isEmpty()) {
      throw new ReconConfigException(
          List.of(
              SCHEMA_DOCS
                  + ": schema: the database schema '"
                  + snapshot.schema()
                  + "' has no tables (is the warehouse loaded?)"));
    }
    Map<String, SchemaSnapshot.Table> dbTables = new LinkedHashMap<>();
    snapshot.tables().forEach(t -> dbTables.put(t.name(), t));

    // Each part adds to the one problems list, so one load reports every problem; metrics come
    // after the tables, joins and code lists they are checked against.
    Map<String, TableInfo> tables = SchemaTables.of(docs, dbTables, problems);
    DeclaredJoins joins = DeclaredJoins.of(docs, tables, problems);
    Map<ColumnRef, CodeList> codes =
        CodeLists.of(parsed.codes(), tables, snapshot, problems, warnings);
    Map<String, MetricDefinition> metrics =
        DeclaredMetrics.of(parsed.metrics(), tables, joins.graph(), problems);
    throwIfProblems();
    warnings.addAll(SynonymClashes.of(metrics.values()));

    Map<ColumnRef, List<String>> textValues = new LinkedHashMap<>();
    snapshot.textValues().forEach((k, v) -> textValues.put(ColumnRef.parse(k), v));
    Map<ColumnRef, SchemaSnapshot.DateRange> ranges = new LinkedHashMap<>();
    snapshot.dateRanges().forEach((k, v) -> ranges.put(ColumnRef.parse(k), v));
    ValueIndex index = new ValueIndex(textValues, codes.values());

    Recon recon =
        new Recon(
            docs.dataset(),
            snapshot.schema(),
            fingerprint,
            Instant.now(),
            tables,
            joins.relationships(),
            joins.preferred(),
            joins.graph(),
            metrics,
            codes,
            index,
            ranges,
            warnings,
            parsed.readerVocabulary());
    DeclaredMetrics.probe(recon, problems);
    throwIfProblems();
    return recon;
  }

  private void throwIfProblems() {
    if (!problems.isEmpty()) {
      List<String> unique = new ArrayList<>(new LinkedHashSet<>(problems));
      throw new ReconConfigException(unique);
    }
  }

  /** " line 12: metrics.loan_amount.aggregation: …" from a Jackson failure. */
  private static String describe(JsonProcessingException e) {
    StringBuilder out = new StringBuilder();
    JsonLocation loc = e.getLocation();
    if (loc != null && loc.getLineNr() > 0) {
      out.append(" line ").append(loc.getLineNr());
    }
    out.append(": ");
    if (e instanceof JsonMappingException m && !m.getPath().isEmpty()) {
      StringBuilder path = new StringBuilder();
      for (JsonMappingException.Reference r : m.getPath()) {
        if (r.getFieldName() != null) {
          if (path.length() > 0) {
            path.append('.');
          }
          path.append(r.getFieldName());
        } else if (r.getIndex() >= 0) {
          path.append('[').append(r.getIndex()).append(']');
        }
      }
      out.append(path).append(": ");
    }
    Throwable cause = e.getCause();
    if (cause instanceof PickValidationError p) {
      out.append(p.getMessage());
    } else if (e instanceof UnrecognizedPropertyException u) {
      Set<String> known = new HashSet<>();
      u.getKnownPropertyIds().forEach(k -> known.add(String.valueOf(k)));
      out.append("unknown key '")
          .append(u.getPropertyName())
          .append("'")
          .append(DidYouMean.phrase(DidYouMean.suggest(u.getPropertyName(), known, 2)));
    } else if (e instanceof InvalidTypeIdException t) {
      out.append("unknown kind '").append(t.getTypeId()).append("'");
    } else if (e instanceof InvalidFormatException f
        && f.getTargetType() != null
        && f.getTargetType().isEnum()) {
      out.append("'")
          .append(f.getValue())
          .append("' is not one of ")
          .append(enumNames(f.getTargetType()));
    } else {
      out.append(e.getOriginalMessage());
    }
    return out.toString();
  }

  private static String enumNames(Class<?> type) {
    List<String> names = new ArrayList<>();
    for (Object c : type.getEnumConstants()) {
      names.add(((Enum<?>) c).name().toLowerCase());
    }
    return String.join(", ", names);
  }
}
