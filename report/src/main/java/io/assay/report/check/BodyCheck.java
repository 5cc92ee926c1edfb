package io.assay.report.check;

import java.util.List;

/** One check over a body; returns every issue it finds, each naming the section to regenerate. */
public interface BodyCheck {
  CheckKind kind();

  List<Issue> check(CheckInput input);
}
