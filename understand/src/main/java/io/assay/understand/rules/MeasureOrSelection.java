package io.assay.understand.rules;

/** What the answer measures or lists, read by the rule of the answer's form. */
final class MeasureOrSelection implements Rule {

  private final Rule difference = new DifferenceMeasure();
  private final Rule growth = new GrowthMeasure();
  private final Rule percent = new PercentMeasure();
  private final Rule count = new CountMeasure();
  private final Rule aggregate = new AggregateMeasure();
  private final Rule metric = new MetricMeasure();
  private final Rule listing = new ListingSelection();

  @Override
  public void apply(Draft d) {
    switch (d.form) {
      case DIFFERENCE -> difference.apply(d);
      case GROWTH -> growth.apply(d);
      case PERCENT -> percent.apply(d);
      case COUNT -> count.apply(d);
      case AGGREGATE -> aggregate.apply(d);
      case METRIC -> metric.apply(d);
      case LISTING -> listing.apply(d);
    }
  }
}
