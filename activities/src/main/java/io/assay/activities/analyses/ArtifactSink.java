package io.assay.activities.analyses;

import io.assay.activities.analysis.ArtifactRef;

/**
 * Where an analysis stores its query results, computations and chart datasets; in production the
 * evidence engineer's artifact store, which hashes, writes, reads back and verifies.
 */
public interface ArtifactSink {

  /**
   * Stores one artifact of a step idempotently (the same job, step, kind and name stores once).
   *
   * @param kind query_result, computation or chart_data
   * @param contentJson canonical JSON content
   */
  ArtifactRef store(String jobId, String stepId, String kind, String name, String contentJson);
}
