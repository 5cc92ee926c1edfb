package io.assay.recon.compose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Pick;
import io.assay.pick.PickValidationError;
import io.assay.pick.TimeFilter;
import io.assay.pick.Unit;
import io.assay.pick.Value;
import io.assay.recon.OfflineRecon;
import io.assay.recon.Recon;
import java.math.BigDecimal;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/**
 * Quantities with units, array containment and week windows: what the composer binds and what it
 * refuses, and how it says so (on the financial recon, which has units on loan terms only).
 */
class AnswerShapesValidationTest {

  private static final Recon RECON = OfflineRecon.get();

  private static Pick loansWhere(Filter f) {
    return Pick.builder().metric("loan_count").filter(f).build();
  }

  @Test
  void aQuantityIsBoundInTheColumnsUnit() {
    ComposedQuery q =
        Composer.compose(
            loansWhere(
                Filter.compare("loan.duration", Comparison.GE, Value.quantity(2, Unit.YEARS))),
            RECON);
    assertThat(q.binds()).extracting(BindValue::value).containsExactly(24L);
  }

  @Test
  void aQuantityOnAColumnWithoutAUnitIsRefusedWithTheRemedy() {
    assertThatThrownBy(
            () ->
                Composer.compose(
                    loansWhere(
                        Filter.compare(
                            "loan.amount", Comparison.GT, Value.quantity(2, Unit.HOURS))),
                    RECON))
        .isInstanceOf(PickValidationError.class)
        .hasMessageContaining("loan.amount")
        .hasMessageContaining("states no unit")
        .hasMessageContaining("give a plain number");
  }

  @Test
  void aQuantityOfAnotherDimensionIsRefused() {
    assertThatThrownBy(
            () ->
                Composer.compose(
                    loansWhere(
                        Filter.between(
                            "loan.duration",
                            Value.quantity(1, Unit.DAYS),
                            Value.quantity(2, Unit.DAYS))),
                    RECON))
        .isInstanceOf(PickValidationError.class)
        .hasMessageContaining("a quantity in days cannot be compared with loan.duration")
        .hasMessageContaining("which is in months");
  }

  @Test
  void aFractionalConversionKeepsItsFraction() {
    ComposedQuery q =
        Composer.compose(
            loansWhere(
                Filter.compare(
                    "loan.duration",
                    Comparison.LT,
                    new Value.Quantity(new BigDecimal("1.5"), Unit.YEARS))),
            RECON);
    assertThat(q.binds()).extracting(BindValue::value).containsExactly(18L);
  }

  @Test
  void containsIsForArrayColumnsOnly() {
    assertThatThrownBy(
            () ->
                Composer.compose(
                    loansWhere(
                        new Filter.Contains(ColumnRef.of("loan.status"), Value.text("A"), false)),
                    RECON))
        .isInstanceOf(PickValidationError.class)
        .hasMessageContaining("contains filters apply to array columns; loan.status is");
  }

  @Test
  void aWeekIsSevenDaysFromItsFirst() {
    ComposedQuery q =
        Composer.compose(
            Pick.builder()
                .metric("loan_count")
                .time(new TimeFilter.Week(LocalDate.of(1997, 12, 29)))
                .build(),
            RECON);
    assertThat(q.binds())
        .extracting(BindValue::value)
        .containsExactly(LocalDate.of(1997, 12, 29), LocalDate.of(1998, 1, 5));
  }

  @Test
  void aWeekNeedsItsFirstDay() {
    assertThatThrownBy(
            () ->
                Composer.compose(
                    Pick.builder().metric("loan_count").time(new TimeFilter.Week(null)).build(),
                    RECON))
        .isInstanceOf(PickValidationError.class)
        .hasMessageContaining("a week needs its first day");
  }
}
