package io.assay.understand;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import dev.langchain4j.store.embedding.CosineSimilarity;
import io.assay.recon.ColumnInfo;
import io.assay.recon.MetricDefinition;
import io.assay.recon.Recon;
import io.assay.recon.TableInfo;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Fuzzy matching of question words to metric and column descriptions with the in-process MiniLM
 * sentence embedding model (quantised all-MiniLM-L6-v2, shipped inside its jar: nothing is
 * downloaded). Used only for words the lexicon does not know. A near-certain match becomes a
 * mention marked fuzzy (the reading notes it); anything weaker only feeds "did you mean"
 * suggestions, so an embedding never silently decides what a question means.
 */
public final class SemanticIndex {

  /** Cosine similarity above which a phrase is taken to name the target. */
  static final double ACCEPT = 0.80;

  /** The best target must beat the runner-up by this much to be accepted. */
  static final double MARGIN = 0.06;

  /** Similarity above which a target is offered as a suggestion. */
  static final double SUGGEST = 0.45;

  /** One described target and its embedding. */
  private record Item(Target target, String label, Embedding embedding) {}

  /** A candidate target for a phrase, with its similarity. */
  public record Scored(String label, String name, double score) {}

  private static volatile EmbeddingModel sharedModel;

  private final EmbeddingModel model;
  private final List<Item> items;

  /** Recently embedded phrases; bounded, since questions are unbounded. */
  private final Map<String, Embedding> cache =
      java.util.Collections.synchronizedMap(
          new java.util.LinkedHashMap<>(256, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Embedding> eldest) {
              return size() > CACHE_SIZE;
            }
          });

  private static final int CACHE_SIZE = 4096;

  private SemanticIndex(EmbeddingModel model, List<Item> items) {
    this.model = model;
    this.items = items;
  }

  /** The MiniLM model, loaded once per JVM (about a second; it is in the jar). */
  public static EmbeddingModel miniLm() {
    EmbeddingModel m = sharedModel;
    if (m == null) {
      synchronized (SemanticIndex.class) {
        m = sharedModel;
        if (m == null) {
          m = new AllMiniLmL6V2QuantizedEmbeddingModel();
          sharedModel = m;
        }
      }
    }
    return m;
  }

  /** Embeds every metric and described column of recon. */
  public static SemanticIndex build(Recon recon, EmbeddingModel model) {
    List<Target> targets = new ArrayList<>();
    List<String> labels = new ArrayList<>();
    List<TextSegment> texts = new ArrayList<>();
    for (MetricDefinition m : recon.metrics()) {
      targets.add(new Target.Metric(m.name(), m.table()));
      labels.add(m.name());
      texts.add(TextSegment.from(m.name().replace('_', ' ') + ": " + m.description()));
    }
    for (TableInfo t : recon.tables()) {
      for (ColumnInfo c : t.columns()) {
        if (c.description() == null || c.description().isBlank()) {
          continue;
        }
        targets.add(new Target.Column(c.ref()));
        labels.add(c.ref().toString());
        String words = String.join(", ", c.synonyms());
        texts.add(
            TextSegment.from(
                t.name() + " " + c.description() + (words.isEmpty() ? "" : " (" + words + ")")));
      }
    }
    List<Embedding> embeddings = model.embedAll(texts).content();
    List<Item> items = new ArrayList<>();
    for (int i = 0; i < targets.size(); i++) {
      items.add(new Item(targets.get(i), labels.get(i), embeddings.get(i)));
    }
    return new SemanticIndex(model, List.copyOf(items));
  }

  /** The closest targets to a phrase, best first. */
  public List<Scored> nearest(String phrase, int max) {
    Embedding e = cache.get(phrase);
    if (e == null) {
      e = model.embed(phrase).content();
      cache.put(phrase, e);
    }
    List<Scored> out = new ArrayList<>();
    for (Item item : items) {
      double s = CosineSimilarity.between(e, item.embedding());
      out.add(new Scored(item.label(), targetName(item.target()), s));
    }
    out.sort(Comparator.comparingDouble(Scored::score).reversed());
    return out.subList(0, Math.min(max, out.size()));
  }

  private static String targetName(Target t) {
    return t instanceof Target.Metric m ? m.name() : ((Target.Column) t).column().toString();
  }

  private Target target(String label) {
    return items.stream().filter(i -> i.label().equals(label)).findFirst().orElseThrow().target();
  }

  /**
   * Mentions for runs of unknown words that name one target with near certainty. Runs are maximal
   * sequences of adjacent unknown words (function words may sit between them).
   */
  List<Mention> resolve(String question, List<Token> tokens, List<Token> unknown) {
    List<Mention> out = new ArrayList<>();
    for (List<Token> run : runs(tokens, unknown)) {
      int first = run.get(0).index();
      int last = run.get(run.size() - 1).index();
      String text = question.substring(tokens.get(first).start(), tokens.get(last).end());
      List<Scored> best = nearest(text, 2);
      if (best.isEmpty()) {
        continue;
      }
      double margin = best.size() > 1 ? best.get(0).score() - best.get(1).score() : 1;
      if (best.get(0).score() >= ACCEPT && margin >= MARGIN) {
        out.add(new Mention(first, last, text, List.of(target(best.get(0).label())), true));
      }
    }
    return out;
  }

  static List<List<Token>> runs(List<Token> tokens, List<Token> unknown) {
    List<List<Token>> runs = new ArrayList<>();
    List<Token> current = new ArrayList<>();
    for (Token t : unknown) {
      if (!current.isEmpty()) {
        Token prev = current.get(current.size() - 1);
        boolean adjacent = true;
        for (int i = prev.index() + 1; i < t.index(); i++) {
          if (!Words.STOP.contains(tokens.get(i).norm())) {
            adjacent = false;
          }
        }
        if (!adjacent || current.size() >= 4) {
          runs.add(current);
          current = new ArrayList<>();
        }
      }
      current.add(t);
    }
    if (!current.isEmpty()) {
      runs.add(current);
    }
    return runs;
  }
}
