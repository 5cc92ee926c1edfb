package io.assay.understand.rules;

/**
 * A recognised part of the question, in question order: a {@link io.assay.understand.Mention}, a
 * time expression, a cue or a number.
 */
record Item(int first, int last, Object what) {}
