package io.assay.recon;

import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

/**
 * The dataset the current thread works on, for code that reads recon through a plain {@code
 * Supplier<Recon>} (planning, analyses, report preparation): the worker sets it around each
 * activity from the job the activity belongs to, and {@link ReconRegistry#current()} answers with
 * that dataset's recon. Outside a scope the registry's default dataset applies.
 */
public final class DatasetScope {

  private static final ThreadLocal<String> CURRENT = new ThreadLocal<>();

  private DatasetScope() {}

  /** The dataset of the enclosing {@link #call}, if any. */
  public static Optional<String> current() {
    return Optional.ofNullable(CURRENT.get());
  }

  /** Runs {@code body} with {@code dataset} current on this thread (null: no dataset). */
  public static <T> T call(String dataset, Supplier<T> body) {
    String previous = CURRENT.get();
    CURRENT.set(dataset);
    try {
      return body.get();
    } finally {
      if (previous == null) {
        CURRENT.remove();
      } else {
        CURRENT.set(previous);
      }
    }
  }

  /** {@code task} bound to this thread's current dataset, for running on another thread. */
  public static <T> Callable<T> carry(Callable<T> task) {
    String dataset = CURRENT.get();
    return () -> {
      String previous = CURRENT.get();
      CURRENT.set(dataset);
      try {
        return task.call();
      } finally {
        if (previous == null) {
          CURRENT.remove();
        } else {
          CURRENT.set(previous);
        }
      }
    };
  }
}
