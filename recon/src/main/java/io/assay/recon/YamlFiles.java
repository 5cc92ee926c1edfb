package io.assay.recon;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import java.util.List;
import java.util.Map;

/** The shapes of the three YAML files, as Jackson reads them (unknown keys are errors). */
final class YamlFiles {

  private YamlFiles() {}

  record SchemaDocs(
      String dataset,
      String schema,
      List<String> exclude,
      Map<String, TableDoc> tables,
      List<RelationshipDoc> relationships,
      @JsonProperty("preferred_paths") List<PreferredPathDoc> preferredPaths) {}

  record TableDoc(
      String description,
      List<String> synonyms,
      @JsonProperty("primary_key") List<String> primaryKey,
      List<String> label,
      Map<String, ColumnDoc> columns,
      Map<String, ComputedDoc> computed) {}

  record ColumnDoc(String description, List<String> synonyms, String unit) {}

  record ComputedDoc(
      String kind, String from, String to, String description, List<String> synonyms) {}

  record RelationshipDoc(ColumnRef from, ColumnRef to, String description) {}

  record PreferredPathDoc(List<String> between, List<String> via, String why) {}

  record Metrics(Map<String, MetricDoc> metrics) {}

  record MetricDoc(
      String description,
      List<String> synonyms,
      String kind,
      Aggregation aggregation,
      ColumnRef column,
      List<Filter> filters,
      String numerator,
      String denominator,
      Boolean percent,
      String of,
      List<Filter> where,
      String unit,
      String format,
      @JsonProperty("time_column") ColumnRef timeColumn) {}

  record Codes(Map<String, CodeColumnDoc> columns) {}

  record CodeColumnDoc(Boolean closed, Map<String, CodeValueDoc> values) {}

  record CodeValueDoc(String meaning, List<String> words) {}
}
