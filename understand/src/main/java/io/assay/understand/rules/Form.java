package io.assay.understand.rules;

/** The shape of the answer a question asks for, decided before its measure or columns. */
enum Form {
  DIFFERENCE,
  GROWTH,
  PERCENT,
  COUNT,
  AGGREGATE,
  METRIC,
  LISTING
}
