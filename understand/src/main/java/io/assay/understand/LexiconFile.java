package io.assay.understand;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.assay.pick.ColumnRef;
import io.assay.pick.Direction;
import io.assay.recon.ColumnInfo;
import io.assay.recon.Recon;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The reader's own vocabulary for one dataset, its {@code datasets/<name>/reader.yaml}: row labels,
 * derived quantities, ranking adjectives, deliberately ambiguous words, extra synonyms, the
 * attribution rule and the columns that hold a running state. Unknown keys are errors, so a typo
 * fails loudly.
 */
public record LexiconFile(
    String dataset,
    Map<String, String> labels,
    List<Derived> derived,
    List<SuperlativeDoc> superlatives,
    List<AmbiguousDoc> ambiguous,
    Synonyms synonyms,
    List<Attribution> attribution,
    List<ColumnRef> running) {

  public LexiconFile {
    labels = labels == null ? Map.of() : Map.copyOf(labels);
    derived = derived == null ? List.of() : List.copyOf(derived);
    superlatives = superlatives == null ? List.of() : List.copyOf(superlatives);
    ambiguous = ambiguous == null ? List.of() : List.copyOf(ambiguous);
    synonyms = synonyms == null ? new Synonyms(Map.of(), Map.of(), Map.of()) : synonyms;
    attribution = attribution == null ? List.of() : List.copyOf(attribution);
    running = running == null ? List.of() : List.copyOf(running);
  }

  /** A column's name and synonyms, recon's and this file's, as written. */
  public List<String> columnNames(ColumnInfo c) {
    List<String> names = new ArrayList<>();
    names.add(c.name().replace('_', ' '));
    names.addAll(c.synonyms());
    names.addAll(synonyms.columns().getOrDefault(c.ref().toString(), List.of()));
    return names;
  }

  public record Derived(String name, String kind, ColumnRef column, List<String> words) {}

  public record SuperlativeDoc(List<String> words, ColumnRef column, Direction direction) {}

  public record AmbiguousDoc(
      List<String> words, String topic, String question, List<String> metrics) {}

  public record Synonyms(
      Map<String, List<String>> tables,
      Map<String, List<String>> columns,
      Map<String, List<String>> metrics) {
    public Synonyms {
      tables = tables == null ? Map.of() : Map.copyOf(tables);
      columns = columns == null ? Map.of() : Map.copyOf(columns);
      metrics = metrics == null ? Map.of() : Map.copyOf(metrics);
    }
  }

  /**
   * When a question's rows reach {@code entity} through {@code table} by a one-to-many join (an
   * account's clients through its dispositions), keep only the {@code table} rows where {@code
   * column = value}.
   */
  public record Attribution(
      String table, String entity, ColumnRef column, String value, String why) {}

  /** An empty vocabulary, for datasets without a lexicon file. */
  public static LexiconFile empty(String dataset) {
    return new LexiconFile(dataset, null, null, null, null, null, null, null);
  }

  /** The dataset's {@code reader.yaml}, which recon carries, or an empty vocabulary. */
  public static LexiconFile of(Recon recon) {
    String text = recon.readerVocabulary().orElse(null);
    if (text == null || text.isBlank()) {
      return empty(recon.dataset());
    }
    try {
      LexiconFile file =
          new ObjectMapper(new YAMLFactory())
              .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
              .readValue(text, LexiconFile.class);
      if (file == null) {
        return empty(recon.dataset());
      }
      if (file.dataset() != null && !file.dataset().equals(recon.dataset())) {
        throw new IllegalStateException(
            "reader.yaml of dataset '"
                + recon.dataset()
                + "' declares dataset '"
                + file.dataset()
                + "'");
      }
      return new LexiconFile(
          recon.dataset(),
          file.labels(),
          file.derived(),
          file.superlatives(),
          file.ambiguous(),
          file.synonyms(),
          file.attribution(),
          file.running());
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(
          "reader.yaml of dataset '" + recon.dataset() + "': " + e.getOriginalMessage(), e);
    }
  }
}
