package io.assay.recon;

import io.assay.recon.text.TextNormalizer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Metric synonyms that name more than one metric. The reader cannot tell such metrics apart by the
 * phrase, so it asks which one is meant or counts table rows instead; {@code assay dataset check}
 * warns so the steward keeps each phrase on one metric.
 */
final class SynonymClashes {

  private SynonymClashes() {}

  /** One warning per phrase (normalised as the reader matches it) that two or more metrics use. */
  static List<String> of(Collection<MetricDefinition> metrics) {
    Map<String, Set<String>> byPhrase = new LinkedHashMap<>();
    Map<String, String> spelled = new LinkedHashMap<>();
    for (MetricDefinition m : metrics) {
      for (String s : m.synonyms()) {
        String n = TextNormalizer.normalize(s);
        byPhrase.computeIfAbsent(n, k -> new LinkedHashSet<>()).add(m.name());
        spelled.putIfAbsent(n, s);
      }
    }
    List<String> out = new ArrayList<>();
    byPhrase.forEach(
        (phrase, names) -> {
          if (names.size() > 1) {
            out.add(
                ReconAssembler.METRICS
                    + ": the synonym '"
                    + spelled.get(phrase)
                    + "' names metrics "
                    + String.join(" and ", names)
                    + "; a question using it cannot tell them apart — keep it on one of them");
          }
        });
    return out;
  }
}
