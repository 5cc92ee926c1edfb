package io.assay.bench;

import io.assay.pick.Pick;
import io.assay.pick.PickJson;
import io.assay.recon.Recon;
import io.assay.recon.ReconLoader;
import io.assay.recon.compose.ComposedQuery;
import io.assay.recon.compose.Composer;
import io.assay.recon.knowledge.KnowledgeSource;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Compose latency per Pick: Pick × recon → validated, rendered, self-checked SQL (the jOOQ
 * parse-back is included). Target median under 200 µs; SampleTime reports the percentiles. Recon
 * comes from the bundled schema snapshot, so no database is needed.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ComposeBench {

  /** Representative Picks: filters over a join, a grain series, a ranked reference, … */
  private static final Map<String, String> PICKS =
      Map.of(
          "countWithJoin",
          """
          {"measures":[{"kind":"metric","metric":"client_count"}],
           "filters":[{"kind":"compare","column":"client.gender","op":"eq","value":"M"},
                      {"kind":"compare","column":"district.a3","op":"eq","value":"north Bohemia"},
                      {"kind":"compare","column":"district.a11","op":"gt","value":8000}]}""",
          "monthlySeriesByRegion",
          """
          {"measures":[{"kind":"metric","metric":"cash_withdrawal_amount"},
                       {"kind":"metric","metric":"cash_withdrawal_count"}],
           "groupBy":["district.a3"],"time":{"kind":"year","year":1997},"grain":"month"}""",
          "rankedReference",
          """
          {"measures":[{"kind":"metric","metric":"client_count"}],
           "filters":[{"kind":"compare","column":"client.gender","op":"eq","value":"M"},
                      {"kind":"ranked","column":"district.district_id",
                       "rankBy":{"kind":"column","column":"district.a15"},"direction":"desc","rank":2}]}""",
          "growthWithSemiJoin",
          """
          {"measures":[{"kind":"growth","of":{"kind":"metric","metric":"loan_amount"},
                        "from":{"kind":"year","year":1996},"to":{"kind":"year","year":1997}}],
           "filters":[{"kind":"compare","column":"client.gender","op":"eq","value":"M"},
                      {"kind":"compare","column":"disp.type","op":"eq","value":"OWNER"}]}""",
          "shareOfTotalTopN",
          """
          {"measures":[{"kind":"share_of_total","of":{"kind":"metric","metric":"loan_amount"},"alias":"share"}],
           "groupBy":["district.a2"],"orderBy":[{"kind":"measure","measure":"share","direction":"desc"}],
           "limit":9}""",
          "listingVsAggregate",
          """
          {"select":[{"kind":"column","column":"trans.account_id"}],
           "filters":[{"kind":"compare","column":"trans.operation","op":"eq","value":"VYBER KARTOU"},
                      {"kind":"vs_aggregate","column":"trans.amount","op":"lt","fn":"avg",
                       "filters":[{"kind":"between","column":"trans.date",
                                   "from":{"date":"1998-01-01"},"to":{"date":"1998-12-31"}}]}],
           "timeColumn":"trans.date","time":{"kind":"year","year":1998}}""",
          "havingPerGroup",
          """
          {"measures":[{"kind":"metric","metric":"client_count"}],"groupBy":["district.a2"],
           "having":[{"measure":"client_count","op":"gt","value":100},
                     {"of":{"kind":"metric","metric":"female_client_share"},"op":"ge","value":50}]}""",
          "notExistsTwoHops",
          """
          {"measures":[{"kind":"metric","metric":"client_count"}],
           "filters":[{"kind":"exists","table":"card","negated":true,
                       "filters":[{"kind":"compare","column":"card.type","op":"eq","value":"gold"}]},
                      {"kind":"in","column":"district.a3","values":["Prague","central Bohemia"]}]}""",
          "overGroupsPerRegion",
          """
          {"measures":[{"kind":"over_groups","fn":"avg","of":{"kind":"metric","metric":"loan_amount"},
                        "per":["account.account_id"],"alias":"avg_lent"}],
           "groupBy":["district.a3"],"orderBy":[{"kind":"measure","measure":"avg_lent","direction":"desc"}]}""",
          "topPerGroup",
          """
          {"measures":[{"kind":"metric","metric":"loan_amount"}],"groupBy":["district.a3","district.a2"],
           "orderBy":[{"kind":"measure","measure":"loan_amount","direction":"desc"}],
           "limitPer":{"limit":2,"per":["district.a3"]}}""");

  @Param({
    "countWithJoin",
    "monthlySeriesByRegion",
    "rankedReference",
    "growthWithSemiJoin",
    "shareOfTotalTopN",
    "listingVsAggregate",
    "havingPerGroup",
    "notExistsTwoHops",
    "overGroupsPerRegion",
    "topPerGroup"
  })
  public String pick;

  private Recon recon;
  private Pick parsed;

  @Setup
  public void setUp() {
    recon =
        ReconLoader.fromSnapshot(
            ReconLoader.bundledSnapshot("financial"), KnowledgeSource.classpath("financial"));
    parsed = PickJson.read(PICKS.get(pick));
  }

  @Benchmark
  public ComposedQuery compose() {
    return Composer.compose(parsed, recon);
  }
}
