package io.assay.recon.compose;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Direction;
import io.assay.pick.Filter;
import io.assay.pick.Measure;
import io.assay.pick.Order;
import io.assay.pick.Pick;
import io.assay.pick.PickJson;
import io.assay.pick.RankBy;
import io.assay.pick.TimeFilter;
import io.assay.pick.TimeGrain;
import io.assay.pick.Value;
import io.assay.recon.OfflineRecon;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The exact SQL and bind values the composer emits for representative Picks. A change here is a
 * change of the composer's output that someone should look at.
 */
class GoldenSqlTest {

  private static ComposedQuery compose(Pick pick) {
    return Composer.compose(pick, OfflineRecon.get());
  }

  @Test
  void quarterGrainTruncatesWithDateTrunc() {
    ComposedQuery q =
        compose(
            Pick.builder()
                .metric("cash_withdrawal_amount")
                .time(TimeFilter.year(1997))
                .grain(TimeGrain.QUARTER)
                .build());
    assertThat(q.sql()).contains("cast(date_trunc('quarter', \"trans\".\"date\") as date)");
  }

  @Test
  void threeTableJoinGroupedByRegion() {
    ComposedQuery q =
        compose(
            Pick.builder()
                .metric("cash_withdrawal_amount")
                .groupBy("district.a3")
                .time(TimeFilter.year(1997))
                .build());
    assertThat(q.sql())
        .isEqualTo(
            """
            select "district"."a3" as "a3", coalesce(sum("trans"."amount") filter (where \
            "trans"."operation" = ?), 0) as "cash_withdrawal_amount" from "financial"."trans" as \
            "trans" join "financial"."account" as "account" on "account"."account_id" = \
            "trans"."account_id" join "financial"."district" as "district" on \
            "district"."district_id" = "account"."district_id" where ("trans"."date" >= cast(? as \
            date) and "trans"."date" < cast(? as date)) group by "district"."a3" order by \
            "district"."a3" asc nulls last""");
    assertThat(q.bindValues())
        .containsExactly("VYBER", LocalDate.of(1997, 1, 1), LocalDate.of(1998, 1, 1));
    assertThat(q.joins())
        .containsExactly(
            "join account on account.account_id = trans.account_id",
            "join district on district.district_id = account.district_id");
    assertThat(q.columns())
        .extracting(OutputColumn::name, OutputColumn::role, OutputColumn::unit)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("a3", OutputColumn.Role.DIMENSION, null),
            org.assertj.core.groups.Tuple.tuple(
                "cash_withdrawal_amount", OutputColumn.Role.MEASURE, "CZK"));
  }

  @Test
  void monthlyTimeGrain() {
    ComposedQuery q =
        compose(
            Pick.builder()
                .metric("cash_withdrawal_amount")
                .time(TimeFilter.year(1997))
                .grain(TimeGrain.MONTH)
                .build());
    assertThat(q.sql())
        .isEqualTo(
            """
            select cast(date_trunc('month', "trans"."date") as date) as "period", \
            coalesce(sum("trans"."amount") filter (where "trans"."operation" = ?), 0) as \
            "cash_withdrawal_amount" from "financial"."trans" as "trans" where ("trans"."date" >= \
            cast(? as date) and "trans"."date" < cast(? as date)) group by \
            cast(date_trunc('month', "trans"."date") as date) order by "period" asc nulls last""");
    assertThat(q.bindValues())
        .containsExactly("VYBER", LocalDate.of(1997, 1, 1), LocalDate.of(1998, 1, 1));
    assertThat(q.columns().get(0).role()).isEqualTo(OutputColumn.Role.PERIOD);
  }

  @Test
  void rankedReferenceSecondHighestCrimes() {
    ComposedQuery q =
        compose(
            Pick.builder()
                .metric("client_count")
                .filter(
                    Filter.eq("client.gender", "M"),
                    new Filter.Ranked(
                        ColumnRef.of("district.district_id"),
                        null,
                        new RankBy.ByColumn(ColumnRef.of("district.a15")),
                        Direction.DESC,
                        2,
                        List.of()))
                .build());
    assertThat(q.sql())
        .isEqualTo(
            """
            select count("client"."client_id") as "client_count" from "financial"."client" as \
            "client" join "financial"."district" as "district" on "district"."district_id" = \
            "client"."district_id" where ("client"."gender" = ? and "district"."district_id" = \
            (select "r1_district"."district_id" from "financial"."district" as "r1_district" \
            order by "r1_district"."a15" desc nulls last offset ? rows fetch next ? rows only))""");
    // offset (rank - 1) comes before the limit in the SQL, and so in the binds.
    assertThat(q.bindValues()).containsExactly("M", 1, 1);
  }

  @Test
  void rankedByMeasureGroupsTheReference() {
    ComposedQuery q =
        compose(
            Pick.builder()
                .metric("client_count")
                .filter(
                    new Filter.Ranked(
                        ColumnRef.of("client.district_id"),
                        ColumnRef.of("account.district_id"),
                        new RankBy.ByMeasure(Measure.metric("loan_count")),
                        Direction.DESC,
                        3,
                        List.of()))
                .build());
    assertThat(q.sql())
        .isEqualTo(
            """
            select count("client"."client_id") as "client_count" from "financial"."client" as \
            "client" where "client"."district_id" = (select "r1_account"."district_id" from \
            "financial"."loan" as "r1_loan" join "financial"."account" as "r1_account" on \
            "r1_account"."account_id" = "r1_loan"."account_id" group by \
            "r1_account"."district_id" order by count("r1_loan"."loan_id") desc nulls last offset \
            ? rows fetch next ? rows only)""");
    assertThat(q.bindValues()).containsExactly(2, 1);
  }

  @Test
  void shareMetricByRegion() {
    ComposedQuery q =
        compose(Pick.builder().metric("bad_loan_share").groupBy("district.a3").build());
    assertThat(q.sql())
        .isEqualTo(
            """
            select "district"."a3" as "a3", ((cast(count("loan"."loan_id") filter (where \
            "loan"."status" in (?, ?)) as double precision) * 100) / \
            nullif(cast(count("loan"."loan_id") as double precision), cast(0E0 as double \
            precision))) as "bad_loan_share" from "financial"."loan" as "loan" join \
            "financial"."account" as "account" on "account"."account_id" = "loan"."account_id" \
            join "financial"."district" as "district" on "district"."district_id" = \
            "account"."district_id" group by "district"."a3" order by "district"."a3" asc nulls \
            last""");
    assertThat(q.bindValues()).containsExactly("B", "D");
    assertThat(q.columns().get(1).unit()).isEqualTo("percent");
  }

  @Test
  void shareOfTotalWithTopN() {
    ComposedQuery q =
        compose(
            Pick.builder()
                .measure(new Measure.ShareOfTotal(Measure.metric("loan_amount"), "share"))
                .groupBy("district.a3")
                .orderBy(Order.measure("share", Direction.DESC))
                .limit(3)
                .offset(1)
                .build());
    assertThat(q.sql())
        .isEqualTo(
            """
            select "district"."a3" as "a3", ((cast(sum("loan"."amount") as double precision) * \
            100) / nullif(cast(sum(sum("loan"."amount")) over () as double precision), cast(0E0 \
            as double precision))) as "share" from "financial"."loan" as "loan" join \
            "financial"."account" as "account" on "account"."account_id" = "loan"."account_id" \
            join "financial"."district" as "district" on "district"."district_id" = \
            "account"."district_id" group by "district"."a3" order by "share" desc nulls last \
            offset ? rows fetch next ? rows only""");
    assertThat(q.bindValues()).containsExactly(1, 3);
  }

  @Test
  void growthBetweenTwoYearsWithFilterOnFannedOutTables() {
    ComposedQuery q =
        compose(
            Pick.builder()
                .measure(
                    new Measure.Growth(
                        Measure.metric("loan_amount"),
                        TimeFilter.year(1996),
                        TimeFilter.year(1997),
                        null))
                .filter(Filter.eq("client.gender", "M"), Filter.eq("disp.type", "OWNER"))
                .build());
    assertThat(q.sql())
        .isEqualTo(
            """
            select (((cast(coalesce(sum("loan"."amount") filter (where ("loan"."date" >= cast(? \
            as date) and "loan"."date" < cast(? as date))), 0) as double precision) / \
            nullif(cast(coalesce(sum("loan"."amount") filter (where ("loan"."date" >= cast(? as \
            date) and "loan"."date" < cast(? as date))), 0) as double precision), cast(0E0 as \
            double precision))) - 1) * 100) as "loan_amount_growth" from "financial"."loan" as "loan" where \
            ((("loan"."date" >= cast(? as date) and "loan"."date" < cast(? as date)) or \
            ("loan"."date" >= cast(? as date) and "loan"."date" < cast(? as date))) and exists \
            (select 1 as "one" from "financial"."disp" as "disp" join "financial"."client" as \
            "client" on "client"."client_id" = "disp"."client_id" where ("disp"."account_id" = \
            "loan"."account_id" and "disp"."type" = ? and "client"."gender" = ?)))""");
    LocalDate y96 = LocalDate.of(1996, 1, 1);
    LocalDate y97 = LocalDate.of(1997, 1, 1);
    LocalDate y98 = LocalDate.of(1998, 1, 1);
    assertThat(q.bindValues())
        .containsExactly(y97, y98, y96, y97, y96, y97, y97, y98, "OWNER", "M");
    assertThat(q.joins())
        // account is only the way to the dispositions, so it is not joined: the semi-join
        // correlates on loan.account_id directly.
        .containsExactly(
            "exists disp on disp.account_id = loan.account_id (through account.account_id)");
  }

  @Test
  void listingWithPrefixInAndDistinct() {
    ComposedQuery q =
        compose(
            Pick.builder()
                .selectColumns("district.a2")
                .filter(
                    new Filter.Prefix(ColumnRef.of("district.a2"), "Praha_%"),
                    Filter.in(
                        "district.a3", List.of(Value.text("Prague"), Value.text("east Bohemia"))))
                .distinct(true)
                .build());
    assertThat(q.sql())
        .isEqualTo(
            """
            select distinct "district"."a2" as "a2" from "financial"."district" as "district" \
            where ("district"."a2" like ? escape '\\' and "district"."a3" in (?, ?))""");
    // LIKE wildcards in the prefix are literal.
    assertThat(q.bindValues()).containsExactly("Praha\\_\\%%", "Prague", "east Bohemia");
  }

  @Test
  void inlinedSqlIsForReadingOnly() throws Exception {
    ComposedQuery q =
        compose(
            PickJson.read(
                "{\"measures\":[{\"kind\":\"metric\",\"metric\":\"loan_count\"}],"
                    + "\"filters\":[{\"kind\":\"compare\",\"column\":\"loan.status\",\"op\":\"eq\",\"value\":\"D\"}]}"));
    assertThat(q.sql()).contains("\"loan\".\"status\" = ?").doesNotContain("'D'");
    assertThat(q.inlinedSql()).contains("\"loan\".\"status\" = 'D'");
    String json = PickJson.mapper().writeValueAsString(q);
    assertThat(json)
        .contains("\"inlinedSql\":")
        .contains("\"binds\":[{\"value\":\"D\",\"sqlType\":\"varchar\"}]");
  }
}
