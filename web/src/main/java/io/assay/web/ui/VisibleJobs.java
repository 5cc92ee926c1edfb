package io.assay.web.ui;

import io.assay.store.JobRecord;
import io.assay.web.jobs.JobAccess;
import io.assay.web.jobs.JobService;
import java.security.Principal;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ResponseStatusException;

/**
 * The one place pages look a job up: an unknown id is a 404, someone else's job a 403 (for
 * analysts; operators see every job).
 */
@Component
public class VisibleJobs {
  private final JobService jobs;

  public VisibleJobs(JobService jobs) {
    this.jobs = jobs;
  }

  public JobRecord get(String id, Principal principal) {
    JobRecord job =
        jobs.find(id)
            .orElseThrow(
                () ->
                    new ResponseStatusException(
                        HttpStatus.NOT_FOUND, "There is no job " + id + "."));
    JobAccess.check(job, principal);
    return job;
  }
}
