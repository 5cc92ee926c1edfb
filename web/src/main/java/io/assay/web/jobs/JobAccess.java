package io.assay.web.jobs;

import io.assay.store.JobRecord;
import java.security.Principal;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.Authentication;
import org.springframework.web.server.ResponseStatusException;

/** Who may see and steer which job: analysts their own, operators all. */
public final class JobAccess {
  public static final String OPERATOR = "ROLE_OPERATOR";

  private JobAccess() {}

  public static String name(Principal principal) {
    return principal == null ? "anonymous" : principal.getName();
  }

  public static boolean operator(Principal principal) {
    return principal instanceof Authentication auth
        && auth.getAuthorities().stream().anyMatch(a -> OPERATOR.equals(a.getAuthority()));
  }

  /** Null (no filter) for operators, the person's name for everyone else. */
  public static String ownerFilter(Principal principal) {
    return operator(principal) ? null : name(principal);
  }

  public static void check(JobRecord job, Principal principal) {
    if (!operator(principal) && !job.owner().equals(name(principal))) {
      throw new ResponseStatusException(HttpStatus.FORBIDDEN, "This job belongs to someone else.");
    }
  }
}
