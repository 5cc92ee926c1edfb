package io.assay.report;

import io.assay.contract.evidence.ArtifactKind;
import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.ChartData;
import io.assay.store.ArtifactStore;

/** Where a test scenario stores its artifacts: in memory for pure tests, the database otherwise. */
public interface EvidenceSink {
  ArtifactRef store(String stepId, ArtifactKind kind, String key, Object content);

  @SuppressWarnings("unchecked")
  default <C extends ChartData> C chart(String stepId, C chart) {
    ArtifactRef ref =
        store(
            stepId,
            ArtifactKind.CHART_DATA,
            stepId + ":chart:" + chart.id(),
            ArtifactStore.chartContent(chart));
    return (C) chart.withSource(ref);
  }

  static EvidenceSink database(ArtifactStore store, String jobId) {
    return (stepId, kind, key, content) -> store.storeAccepted(jobId, stepId, kind, key, content);
  }
}
