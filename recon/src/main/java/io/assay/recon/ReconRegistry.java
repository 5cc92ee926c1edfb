package io.assay.recon;

import io.assay.datasets.registry.UnknownDatasetException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The recon of every dataset Assay serves, each kept current by its own {@link ReconCache}, in the
 * configured order: the first is the default (a job that names no dataset, a command without {@code
 * --dataset}).
 */
public final class ReconRegistry {

  private final Map<String, ReconCache> caches;

  /**
   * @param caches by dataset name, in the configured order; at least one
   */
  public ReconRegistry(Map<String, ReconCache> caches) {
    if (caches.isEmpty()) {
      throw new IllegalArgumentException("at least one dataset is needed");
    }
    this.caches = new LinkedHashMap<>(caches);
  }

  /** One dataset. */
  public static ReconRegistry of(String dataset, ReconCache cache) {
    return new ReconRegistry(Map.of(dataset, cache));
  }

  /** The served datasets' names, the default first. */
  public List<String> datasets() {
    return List.copyOf(caches.keySet());
  }

  public String defaultDataset() {
    return caches.keySet().iterator().next();
  }

  public boolean serves(String dataset) {
    return dataset != null && caches.containsKey(dataset);
  }

  /**
   * The cache of a dataset.
   *
   * @throws UnknownDatasetException naming the datasets served
   */
  public ReconCache cache(String dataset) {
    ReconCache c = dataset == null ? null : caches.get(dataset);
    if (c == null) {
      throw new UnknownDatasetException(String.valueOf(dataset), datasets());
    }
    return c;
  }

  /** The current recon of a dataset; null or blank means the default one. */
  public Recon get(String dataset) {
    return cache(dataset == null || dataset.isBlank() ? defaultDataset() : dataset).get();
  }

  /** The recon of the thread's {@link DatasetScope}, else of the default dataset. */
  public Recon current() {
    return get(DatasetScope.current().orElse(null));
  }
}
