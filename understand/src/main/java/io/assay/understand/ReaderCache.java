package io.assay.understand;

import io.assay.recon.Recon;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Keeps one {@link QuestionReader} per recon: recon is rebuilt when its YAML or the schema changes,
 * and the reader (lexicon and embedding index) follows by fingerprint. Thread-safe.
 */
public final class ReaderCache {

  private final Supplier<Recon> recon;
  private final Function<Recon, QuestionReader> build;
  private QuestionReader current;

  public ReaderCache(Supplier<Recon> recon, Function<Recon, QuestionReader> build) {
    this.recon = recon;
    this.build = build;
  }

  /** With the dataset's lexicon file and the in-process MiniLM index. */
  public static ReaderCache standard(Supplier<Recon> recon) {
    return new ReaderCache(recon, QuestionReader::standard);
  }

  public synchronized QuestionReader get() {
    Recon r = recon.get();
    if (current == null || !current.recon().fingerprint().equals(r.fingerprint())) {
      current = build.apply(r);
    }
    return current;
  }
}
