package io.assay.recon.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.assay.datasets.testing.TestWarehouse;
import io.assay.pick.Filter;
import io.assay.pick.Pick;
import io.assay.recon.Recon;
import io.assay.recon.ReconLoader;
import io.assay.recon.TableInfo;
import io.assay.recon.compose.Composer;
import io.assay.recon.draft.DatasetDraft;
import io.assay.recon.draft.LiveSchema;
import io.assay.recon.execute.SqlExecutor;
import io.assay.recon.knowledge.KnowledgeSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A third dataset made of YAML and a two-table SQL dump only (datasets/bikes in the datasets
 * module's test resources): it loads, recon builds, Picks over its metrics and codes compose and
 * answer like hand-written SQL, and a draft of its live schema loads as it is.
 */
class BikesDatasetTest {

  @TempDir Path dir;

  private static Recon recon() {
    TestWarehouse w = TestWarehouse.get();
    assertThat(w.ensureDataset("bikes")).isTrue();
    return ReconLoader.load(w.readerDataSource(), "bikes");
  }

  @Test
  void theYamlAloneMakesADatasetThatAnswers() throws SQLException {
    Recon recon = recon();
    assertThat(recon.tables()).extracting(TableInfo::name).containsExactly("station", "trip");
    assertThat(recon.warnings()).isEmpty();
    SqlExecutor executor = new SqlExecutor(TestWarehouse.get().readerDataSource());
    Pick membersByArea =
        Pick.builder()
            .metric("trip_count")
            .groupBy("station.area")
            .filter(Filter.eq("trip.rider", "member"))
            .build();
    assertThat(RowSets.normalize(executor.execute(Composer.compose(membersByArea, recon)).rows()))
        .isEqualTo(
            RowSets.normalize(
                RowSets.rowsOf(
                    "SELECT s.area, count(*) FROM bikes.trip t JOIN bikes.station s"
                        + " ON s.station_id = t.station_id WHERE t.rider = 'member'"
                        + " GROUP BY s.area")));
    Pick shareByStation = Pick.builder().metric("member_share").groupBy("station.name").build();
    assertThat(RowSets.normalize(executor.execute(Composer.compose(shareByStation, recon)).rows()))
        .isEqualTo(
            RowSets.normalize(
                RowSets.rowsOf(
                    "SELECT s.name, 100.0 * count(*) FILTER (WHERE t.rider = 'member') / count(*)"
                        + " FROM bikes.trip t JOIN bikes.station s ON s.station_id = t.station_id"
                        + " GROUP BY s.name")));
  }

  @Test
  void aDraftOfTheLiveSchemaLoadsAsItIs() throws IOException {
    recon();
    draftLoads("bikes", "bikes_draft");
  }

  @Test
  void aDraftOfPagilaLoadsAsItIs() throws IOException {
    assumeTrue(TestWarehouse.get().ensureDataset("pagila"), "no ../shared/datasets/pagila here");
    long start = System.nanoTime();
    Recon draft = draftLoads("pagila", "pagila_draft");
    System.out.printf(
        "pagila draft written and loaded in %d ms%n", (System.nanoTime() - start) / 1_000_000);
    assertThat(draft.tables()).hasSize(15);
    assertThat(draft.relationships()).hasSizeGreaterThanOrEqualTo(19);
  }

  private Recon draftLoads(String schema, String name) throws IOException {
    LiveSchema live = LiveSchema.read(TestWarehouse.get().readerDataSource(), schema);
    Map<String, String> files = DatasetDraft.write(name, live);
    assertThat(files.keySet())
        .containsExactly("dataset.yaml", "schema_docs.yaml", "metrics.yaml", "codes.yaml");
    for (Map.Entry<String, String> f : files.entrySet()) {
      Files.writeString(dir.resolve(f.getKey()), f.getValue());
    }
    assertThat(files.get("schema_docs.yaml")).contains("relationships:").contains("TODO");
    Recon draft =
        ReconLoader.load(TestWarehouse.get().readerDataSource(), KnowledgeSource.directory(dir));
    assertThat(draft.metrics()).isNotEmpty();
    return draft;
  }
}
