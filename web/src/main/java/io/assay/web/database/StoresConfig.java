package io.assay.web.database;

import io.assay.report.ReportStore;
import io.assay.store.ArtifactStore;
import io.assay.store.FeedbackStore;
import io.assay.store.FindingStore;
import io.assay.store.JobStore;
import io.assay.store.MonitorStore;
import io.assay.store.ReceiptStore;
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

  @Bean
  public MonitorStore monitorStore(@Qualifier("dataSource") DataSource admin) {
    return new MonitorStore(admin);
  }

  @Bean
  public FeedbackStore feedbackStore(@Qualifier("dataSource") DataSource admin) {
    return new FeedbackStore(admin);
  }
}
