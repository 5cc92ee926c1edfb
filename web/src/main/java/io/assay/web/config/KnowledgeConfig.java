package io.assay.web.config;

import io.assay.recon.ReconCache;
import io.assay.web.database.WarehouseBootstrap;
import javax.sql.DataSource;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Recon for the financial dataset, built at start-up (after the warehouse is ready) and rebuilt
 * when its YAML or the schema changes. Introspection reads as the read-only role, which sees
 * exactly what analyses may query.
 */
@Configuration(proxyBeanMethods = false)
public class KnowledgeConfig {

  @Bean
  public ReconCache reconCache(
      @Qualifier("reader") DataSource reader, WarehouseBootstrap warehouse) {
    ReconCache cache = new ReconCache(reader, "financial");
    cache.get();
    return cache;
  }
}
