package io.assay.web.config;

import io.assay.datasets.registry.DatasetDefinition;
import io.assay.datasets.registry.DatasetRegistry;
import io.assay.recon.Recon;
import io.assay.recon.ReconCache;
import io.assay.recon.ReconConfigException;
import io.assay.recon.ReconRegistry;
import io.assay.recon.knowledge.KnowledgeSource;
import io.assay.recon.schema.SnapshotCache;
import io.assay.web.database.DatasetConnections;
import io.assay.web.database.WarehouseBootstrap;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Recon for every served dataset, built at start-up (after the warehouse is ready) and rebuilt when
 * its YAML or its schema changes. Introspection reads through the dataset's read-only connections,
 * which see exactly what analyses may query.
 */
@Configuration(proxyBeanMethods = false)
public class KnowledgeConfig {
  private static final Logger log = LoggerFactory.getLogger(KnowledgeConfig.class);

  /** The served datasets (those whose data was found), the default first. */
  @Bean
  public DatasetRegistry datasetRegistry(WarehouseBootstrap warehouse) {
    return warehouse.served();
  }

  @Bean
  public ReconRegistry reconRegistry(
      WarehouseBootstrap warehouse, DatasetConnections connections, AssayProperties props) {
    DatasetRegistry served = warehouse.served();
    // Snapshots of the data Assay loads itself are kept between starts (a reload changes their
    // key); an external schema changes in place, so its snapshot is taken at every start.
    SnapshotCache snapshots = new SnapshotCache(props.home().resolve("recon"));
    Map<String, ReconCache> caches = new LinkedHashMap<>();
    for (DatasetDefinition d : served.all()) {
      KnowledgeSource source =
          served
              .folder(d.name())
              .map(KnowledgeSource::directory)
              .orElseGet(() -> KnowledgeSource.classpath(d.name()));
      ReconCache cache =
          new ReconCache(
              connections.reader(d.name()),
              source,
              Duration.ofSeconds(30),
              Clock.systemUTC(),
              d.managed() ? snapshots : null);
      long start = System.nanoTime();
      Recon recon = cache.get();
      if (!recon.schema().equals(d.schema()) || !recon.dataset().equals(d.name())) {
        throw new ReconConfigException(
            List.of(
                source.location()
                    + "schema_docs.yaml: dataset/schema '"
                    + recon.dataset()
                    + "'/'"
                    + recon.schema()
                    + "' differ from dataset.yaml's '"
                    + d.name()
                    + "'/'"
                    + d.schema()
                    + "'"));
      }
      log.info("Recon of {} built in {} ms", d.name(), (System.nanoTime() - start) / 1_000_000);
      caches.put(d.name(), cache);
    }
    return new ReconRegistry(caches);
  }
}
