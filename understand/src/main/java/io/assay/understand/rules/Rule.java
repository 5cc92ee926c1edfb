package io.assay.understand.rules;

/**
 * One reading rule: it explains some parts of the question and writes what they mean into the
 * draft, marking those parts used. Rules hold no state of their own, so one instance serves every
 * question; what a later rule needs from an earlier one lives in the {@link Draft}.
 */
interface Rule {

  void apply(Draft d);
}
