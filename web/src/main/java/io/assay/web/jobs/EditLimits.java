package io.assay.web.jobs;

import io.assay.contract.plan.PlanEdit;
import io.assay.web.errors.InvalidRequest;
import java.util.Map;

/** Size bounds of a plan edit's free-text parts, checked before the edit reaches the workflow. */
final class EditLimits {
  static final int MAX_TEXT = 1000;
  static final int MAX_ARGS = 50;

  private EditLimits() {}

  static void check(PlanEdit edit) {
    if (edit instanceof PlanEdit.AddStep add) {
      text("analysis", add.analysis(), 100);
      text("why", add.why(), MAX_TEXT);
      args(add.args());
    } else if (edit instanceof PlanEdit.SetArgs set) {
      args(set.args());
    } else if (edit instanceof PlanEdit.ExcludeValue exclude) {
      text("column", exclude.column(), 200);
      text("value", exclude.value(), MAX_TEXT);
    }
  }

  private static void text(String field, String value, int max) {
    if (value != null && value.indexOf('\u0000') >= 0) {
      throw new InvalidRequest(field, field + " may not contain NUL characters.");
    }
    if (value != null && value.length() > max) {
      throw new InvalidRequest(field, field + " is at most " + max + " characters.");
    }
  }

  private static void args(Map<String, Object> args) {
    // PostgreSQL's jsonb cannot hold NUL, and the arguments end up in the stored progress.
    if (args != null && String.valueOf(args).indexOf('\u0000') >= 0) {
      throw new InvalidRequest("args", "args may not contain NUL characters.");
    }
    if (args != null && args.size() > MAX_ARGS) {
      throw new InvalidRequest("args", "args has at most " + MAX_ARGS + " entries.");
    }
  }
}
