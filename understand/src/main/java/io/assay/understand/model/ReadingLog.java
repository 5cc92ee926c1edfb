package io.assay.understand.model;

import java.util.function.BiConsumer;

/**
 * Where a job's model readings are kept, and what they have cost the job so far. The token budget
 * is per job: a job reads again after a clarification answer, and each reading asks {@link
 * #tokensSpent} before it calls the model, so the sum over the readings kept stays within it. The
 * worker keeps readings as job artifacts and sums their recorded tokens; nothing in the workflow
 * carries the count, so recorded histories replay unchanged.
 */
public interface ReadingLog {

  /** Keeps one model reading of the job's question (its raw replies and costs). */
  void keep(String jobId, ModelReading reading);

  /** The tokens the job's earlier model readings spent, as kept. */
  long tokensSpent(String jobId);

  /**
   * A log that hands readings to {@code keep} and keeps no count: with it each reading is held to
   * the budget on its own (tests, tools without a store).
   */
  static ReadingLog uncounted(BiConsumer<String, ModelReading> keep) {
    return new ReadingLog() {
      @Override
      public void keep(String jobId, ModelReading reading) {
        keep.accept(jobId, reading);
      }

      @Override
      public long tokensSpent(String jobId) {
        return 0;
      }
    };
  }
}
