package io.assay.activities.plan;

import dev.langchain4j.model.chat.ChatModel;
import io.assay.activities.analyses.AnalysisRegistry;
import io.assay.activities.job.ApprovalMode;
import io.assay.activities.job.JobRequest;
import io.assay.activities.understand.ReaderCache;
import io.assay.activities.understand.ReaderFixture;
import java.util.List;

/** Planning activities on the shared test recon and reader. */
final class Planning {

  private Planning() {}

  static PlanningActivitiesImpl activities(ChatModel model) {
    return new PlanningActivitiesImpl(
        ReaderFixture::recon,
        AnalysisRegistry.discover(),
        new ReaderCache(ReaderFixture::recon, r -> ReaderFixture.reader()),
        model);
  }

  static JobRequest request(String question) {
    return request(question, "");
  }

  static JobRequest request(String question, String hint) {
    return new JobRequest(
        "job-test", question, "financial", "tester", ApprovalMode.AUTO, 0, List.of(), hint);
  }
}
