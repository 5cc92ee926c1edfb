package io.assay.analyses;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The roll-up reads the grouped query unsorted, and only where dropping the sort is safe. */
class SlicesQueryTest {

  @Test
  void dropsTheTrailingTopLevelOrderBy() {
    String grouped =
        "select \"period\", sum(x) as \"v\" from t where (a = ?) group by \"period\""
            + " order by \"period\" asc nulls last, \"d\" asc nulls last";
    assertThat(SlicesQuery.unordered(grouped))
        .isEqualTo("select \"period\", sum(x) as \"v\" from t where (a = ?) group by \"period\"");
  }

  @Test
  void keepsAnOrderByInsideASubqueryOrAQuotedName() {
    String nested =
        "select \"a order by b\" from (select x from t order by x limit 3) as s group by 1";
    assertThat(SlicesQuery.unordered(nested)).isEqualTo(nested);
  }

  @Test
  void keepsAnOrderByWithABindOrALimit() {
    String bound = "select x from t group by x order by case when x = ? then 0 else 1 end";
    String limited = "select x from t group by x order by x limit 10";
    assertThat(SlicesQuery.unordered(bound)).isEqualTo(bound);
    assertThat(SlicesQuery.unordered(limited)).isEqualTo(limited);
  }

  @Test
  void leavesAQueryWithoutOrderByAlone() {
    String plain = "select x from t group by x";
    assertThat(SlicesQuery.unordered(plain)).isEqualTo(plain);
  }
}
