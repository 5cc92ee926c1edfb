package io.assay.web.database;

import io.assay.activities.delivery.ReceiptStore;
import io.assay.activities.evidence.ArtifactStore;
import io.assay.activities.evidence.FindingStore;
import io.assay.activities.job.JobStore;
import io.assay.activities.report.ReportStore;
import javax.sql.DataSource;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Assay's own stores in schema {@code assay}: read by the web app, written by the worker. */
@Configuration(proxyBeanMethods = false)
public class StoresConfig {

  @Bean
  public JobStore jobStore(@Qualifier("dataSource") DataSource admin) {
    return new JobStore(admin);
  }

  @Bean
  public ArtifactStore artifactStore(@Qualifier("dataSource") DataSource admin) {
    return new ArtifactStore(admin);
  }

  @Bean
  public ReportStore reportStore(@Qualifier("dataSource") DataSource admin) {
    return new ReportStore(admin);
  }

  @Bean
  public ReceiptStore receiptStore(@Qualifier("dataSource") DataSource admin) {
    return new ReceiptStore(admin);
  }

  @Bean
  public FindingStore findingStore(@Qualifier("dataSource") DataSource admin) {
    return new FindingStore(admin);
  }
}
