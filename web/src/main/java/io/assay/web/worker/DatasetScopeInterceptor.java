package io.assay.web.worker;

import io.assay.recon.DatasetScope;
import io.assay.recon.ReconRegistry;
import io.assay.store.JobRecord;
import io.assay.store.JobStore;
import io.temporal.activity.ActivityExecutionContext;
import io.temporal.common.interceptors.ActivityInboundCallsInterceptor;
import io.temporal.common.interceptors.ActivityInboundCallsInterceptorBase;
import io.temporal.common.interceptors.WorkerInterceptorBase;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Runs every activity in the {@link DatasetScope} of the job it belongs to, so planning, analyses
 * and report preparation read that dataset's recon. The job is the activity's workflow id up to the
 * first colon (a step workflow is {@code {jobId}:{step}:{analysis}}); its dataset is what the job
 * row records. An activity of no known job, or of a dataset no longer served, runs on the default
 * dataset (planning then reports the dataset mismatch to the person).
 */
final class DatasetScopeInterceptor extends WorkerInterceptorBase {
  private static final int REMEMBERED_JOBS = 1_000;

  private final JobStore jobs;
  private final ReconRegistry recons;

  /** A job's dataset never changes, so it is looked up once; least recently used ones go. */
  private final Map<String, String> datasetByJob =
      new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
          return size() > REMEMBERED_JOBS;
        }
      };

  DatasetScopeInterceptor(JobStore jobs, ReconRegistry recons) {
    this.jobs = jobs;
    this.recons = recons;
  }

  @Override
  public ActivityInboundCallsInterceptor interceptActivity(ActivityInboundCallsInterceptor next) {
    return new ActivityInboundCallsInterceptorBase(next) {
      private String workflowId;

      @Override
      public void init(ActivityExecutionContext context) {
        // The context is handed over here; the activity thread's static accessor is not set yet.
        workflowId = context.getInfo().getWorkflowId();
        super.init(context);
      }

      @Override
      public ActivityOutput execute(ActivityInput input) {
        String dataset = dataset(workflowId).filter(recons::serves).orElse(null);
        return DatasetScope.call(dataset, () -> super.execute(input));
      }
    };
  }

  private Optional<String> dataset(String workflowId) {
    if (workflowId == null) {
      return Optional.empty();
    }
    int colon = workflowId.indexOf(':');
    String jobId = colon < 0 ? workflowId : workflowId.substring(0, colon);
    synchronized (datasetByJob) {
      String known = datasetByJob.get(jobId);
      if (known != null) {
        return Optional.of(known);
      }
    }
    Optional<String> found = jobs.find(jobId).map(JobRecord::dataset);
    found.ifPresent(
        d -> {
          synchronized (datasetByJob) {
            datasetByJob.put(jobId, d);
          }
        });
    return found;
  }
}
