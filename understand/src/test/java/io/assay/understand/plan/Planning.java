package io.assay.understand.plan;

import dev.langchain4j.model.chat.ChatModel;
import io.assay.analyses.AnalysisRegistry;
import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobRequest;
import io.assay.llm.LlmSettings;
import io.assay.llm.ReadingPolicy;
import io.assay.understand.ReaderCache;
import io.assay.understand.ReaderFixture;
import java.util.List;

/** Planning activities on the shared test recon and reader. */
final class Planning {

  private Planning() {}

  static PlanningActivitiesImpl activities(ChatModel model) {
    return new PlanningActivitiesImpl(
        ReaderFixture::recon,
        AnalysisRegistry.discover(),
        new ReaderCache(ReaderFixture::recon, r -> ReaderFixture.reader()),
        model,
        ReadingPolicy.OFF,
        LlmSettings.DEFAULT_TOKEN_BUDGET);
  }

  static JobRequest request(String question) {
    return request(question, "");
  }

  static JobRequest request(String question, String hint) {
    return new JobRequest(
        "job-test", question, "financial", "tester", ApprovalMode.AUTO, 0, List.of(), hint);
  }
}
