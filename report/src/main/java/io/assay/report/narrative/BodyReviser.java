package io.assay.report.narrative;

import io.assay.report.body.ReportBody;

/**
 * A pass over the deterministic body before it is checked, e.g. an LLM rewording sentences.
 * Whatever it does, the checks run afterwards, and repair regenerates affected sections without it.
 */
@FunctionalInterface
public interface BodyReviser {
  BodyReviser NONE = body -> body;

  ReportBody revise(ReportBody body);
}
