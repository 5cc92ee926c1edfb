package io.assay.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.contract.evidence.ArtifactKind;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ArtifactPartsTest {

  @Test
  void onlyTheNamedFieldsOfAcceptedComputationsOfThatKindAndStepComeBack() {
    ArtifactStore store = new ArtifactStore(TestDatabase.admin());
    String job = "job-" + UUID.randomUUID();
    Map<String, Object> scan =
        Map.of(
            "kind",
            "scan",
            "metric",
            "m",
            "intervals",
            List.of(Map.of("from", "1997-01-01")),
            "series",
            List.of(1, 2, 3));
    store.store(job, job + ":0:scanner", ArtifactKind.COMPUTATION, job + ":a", scan);
    // Same kind under another step, another kind under the same step, a query result.
    store.store(job, job + ":1:other", ArtifactKind.COMPUTATION, job + ":b", scan);
    store.store(
        job, job + ":0:scanner", ArtifactKind.COMPUTATION, job + ":c", Map.of("kind", "stats"));
    store.store(
        job,
        job + ":0:scanner",
        ArtifactKind.QUERY_RESULT,
        job + ":d",
        Map.of("kind", "scan", "columns", List.of("a"), "rows", List.of()));
    long later =
        store
            .store(
                job,
                job + ":2:scanner",
                ArtifactKind.COMPUTATION,
                job + ":e",
                Map.of("kind", "scan", "metric", "n"))
            .ref()
            .id();

    List<ArtifactPart> parts =
        store.computations(job, ":scanner", "scan", List.of("metric", "intervals"));

    assertThat(parts)
        .extracting(p -> p.info().stepId())
        .containsExactly(job + ":0:scanner", job + ":2:scanner");
    assertThat(parts.get(0).fields().fieldNames())
        .toIterable()
        .containsExactlyInAnyOrder("metric", "intervals");
    assertThat(parts.get(0).fields().path("intervals").get(0).path("from").asText())
        .isEqualTo("1997-01-01");
    assertThat(parts.get(1).fields().path("intervals").isNull()).isTrue();

    store.revoke(later, "test");
    assertThat(store.computations(job, ":scanner", "scan", List.of("metric"))).hasSize(1);
  }
}
