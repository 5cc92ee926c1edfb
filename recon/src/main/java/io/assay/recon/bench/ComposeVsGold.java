package io.assay.recon.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.assay.pick.Pick;
import io.assay.pick.PickJson;
import io.assay.recon.Recon;
import io.assay.recon.ReconLoader;
import io.assay.recon.compose.ComposedQuery;
import io.assay.recon.compose.Composer;
import io.assay.recon.execute.CancelHandle;
import io.assay.recon.execute.QueryResult;
import io.assay.recon.execute.SqlExecutor;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.sql.DataSource;
import org.postgresql.PGStatement;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Compares the execution time of the composed SQL with BIRD's gold SQL for the trans-heavy dev
 * questions (the ones reading the million-row {@code trans} table), on the read-only role, warm,
 * alternating gold and composed runs; prints the medians and their ratio (target ≤ 1.2) and checks
 * both return the same rows. The lead wires it to {@code ./assay bench compose}.
 *
 * <p>Arguments: {@code --jdbc-url URL [--user NAME] [--password SECRET] [--evals FILE] [--runs N]};
 * {@code --evals} defaults to {@code ${assay.root}/../shared/evals/ bird_financial_dev.json}. Exit
 * status: 0 target met, 1 target missed or rows differ, 2 usage.
 */
public final class ComposeVsGold {

  /** The trans-heavy dev questions, whose Picks ship in this package's resources. */
  static final List<Integer> QUESTIONS = List.of(116, 145);

  static final double TARGET_RATIO = 1.2;

  private ComposeVsGold() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out));
  }

  public static int run(String[] args, PrintStream out) {
    Map<String, String> opts = new LinkedHashMap<>();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (!a.startsWith("--") || i + 1 >= args.length) {
        return usage(out, "unexpected argument '" + a + "'");
      }
      opts.put(a.substring(2), args[++i]);
    }
    for (String k : opts.keySet()) {
      if (!List.of("jdbc-url", "user", "password", "evals", "runs").contains(k)) {
        return usage(out, "unknown option --" + k);
      }
    }
    if (!opts.containsKey("jdbc-url")) {
      return usage(out, "--jdbc-url is required");
    }
    int runs;
    try {
      runs = Integer.parseInt(opts.getOrDefault("runs", "9"));
    } catch (NumberFormatException e) {
      return usage(out, "--runs must be a whole number");
    }
    if (runs < 1) {
      return usage(out, "--runs must be at least 1");
    }
    Path evals;
    if (opts.containsKey("evals")) {
      evals = Path.of(opts.get("evals"));
    } else if (System.getProperty("assay.root") != null) {
      evals =
          Path.of(
              System.getProperty("assay.root"), "..", "shared", "evals", "bird_financial_dev.json");
    } else {
      return usage(out, "--evals is required when system property assay.root is not set");
    }
    if (!Files.isRegularFile(evals)) {
      return usage(out, "no eval file at " + evals);
    }
    PGSimpleDataSource ds = new PGSimpleDataSource();
    ds.setURL(opts.get("jdbc-url"));
    if (opts.containsKey("user")) {
      ds.setUser(opts.get("user"));
    }
    if (opts.containsKey("password")) {
      ds.setPassword(opts.get("password"));
    }
    return run(ds, evals, runs, out);
  }

  /**
   * Runs the comparison on {@code reader} (the read-only role; its search_path is financial).
   * Timing uses one connection and one read-only transaction for every run, so it measures
   * planning, execution and fetching of the statements, not connection set-up.
   */
  public static int run(DataSource reader, Path evals, int runs, PrintStream out) {
    Map<Integer, String> gold = goldSql(evals);
    Recon recon = ReconLoader.load(reader, "financial");
    SqlExecutor executor = new SqlExecutor(reader, Duration.ofMinutes(2), 5_000_000);
    out.printf(
        "compose vs gold: median of %d warm runs each (ms per execution), alternating, one"
            + " connection, reader role%n",
        runs);
    out.printf(
        "%-9s %10s %12s %7s %7s %s%n",
        "question", "gold ms", "composed ms", "ratio", "rows", "same rows");
    boolean ok = true;
    try (Connection c = reader.getConnection()) {
      c.setReadOnly(true);
      c.setAutoCommit(false);
      try {
        for (int id : QUESTIONS) {
          String goldSql = gold.get(id);
          if (goldSql == null) {
            out.println(id + ": not in " + evals);
            ok = false;
            continue;
          }
          ComposedQuery composed = Composer.compose(pick(id), recon);
          QueryResult goldResult = executor.execute(goldSql, List.of(), new CancelHandle());
          QueryResult ours = executor.execute(composed);
          boolean same = rowSet(goldResult).equals(rowSet(ours));
          List<Object> binds = composed.bindValues();
          // Warm-up: fills the buffer and catalog caches.
          for (int w = 0; w < 6; w++) {
            time(c, goldSql, List.of(), 1);
            time(c, composed.sql(), binds, 1);
          }
          // Sub-millisecond statements are timed in batches of k executions (k chosen so a
          // batch takes about 50 ms) so that timer and scheduler noise do not decide the ratio.
          double once = Math.min(time(c, goldSql, List.of(), 1), time(c, composed.sql(), binds, 1));
          int k = (int) Math.max(1, Math.ceil(50 / Math.max(once, 0.01)));
          double[] goldMs = new double[runs];
          double[] oursMs = new double[runs];
          for (int r = 0; r < runs; r++) {
            goldMs[r] = time(c, goldSql, List.of(), k);
            oursMs[r] = time(c, composed.sql(), binds, k);
          }
          double g = median(goldMs);
          double m = median(oursMs);
          double ratio = m / g;
          ok &= same && ratio <= TARGET_RATIO;
          out.printf(
              "%-9d %10.2f %12.2f %7.2f %7d %s%n",
              id, g, m, ratio, ours.rows().size(), same ? "yes" : "NO");
        }
      } finally {
        c.rollback();
      }
    } catch (SQLException e) {
      throw new IllegalStateException("timing failed: " + e.getMessage(), e);
    }
    out.println("target ratio <= " + TARGET_RATIO + ": " + (ok ? "met" : "MISSED"));
    return ok ? 0 : 1;
  }

  /** Milliseconds per execution to prepare, execute and read every row, over k executions. */
  private static double time(Connection c, String sql, List<Object> binds, int k)
      throws SQLException {
    long start = System.nanoTime();
    for (int e = 0; e < k; e++) {
      try (PreparedStatement ps = c.prepareStatement(sql)) {
        // Plan every execution, as SqlExecutor's one-statement transactions do: without this
        // the driver switches to a server-side statement after five uses, and the gold SQL (no
        // parameters) would then skip planning while the composed SQL (parameters) would not.
        ps.unwrap(PGStatement.class).setPrepareThreshold(0);
        for (int i = 0; i < binds.size(); i++) {
          ps.setObject(i + 1, binds.get(i));
        }
        try (ResultSet rs = ps.executeQuery()) {
          int n = rs.getMetaData().getColumnCount();
          while (rs.next()) {
            for (int i = 1; i <= n; i++) {
              rs.getObject(i);
            }
          }
        }
      }
    }
    return (System.nanoTime() - start) / 1e6 / k;
  }

  /** The shipped Pick for a question. */
  static Pick pick(int questionId) {
    String resource = "io/assay/recon/bench/bird-q" + questionId + ".json";
    try (InputStream in = ComposeVsGold.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("missing " + resource);
      }
      return PickJson.read(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Map<Integer, String> goldSql(Path evals) {
    try {
      JsonNode root = PickJson.mapper().readTree(Files.readString(evals));
      Map<Integer, String> out = new LinkedHashMap<>();
      for (JsonNode q : root) {
        out.put(q.get("question_id").asInt(), q.get("gold_sql_postgres").asText());
      }
      return out;
    } catch (IOException e) {
      throw new IllegalStateException("cannot read " + evals, e);
    }
  }

  private static double median(double[] xs) {
    double[] s = xs.clone();
    Arrays.sort(s);
    int n = s.length;
    return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  }

  /** Rows as a set, numbers to six significant digits (gold computes ratios in float4). */
  private static Set<List<Object>> rowSet(QueryResult r) {
    Set<List<Object>> out = new HashSet<>();
    for (List<Object> row : r.rows()) {
      List<Object> n = new ArrayList<>();
      for (Object v : row) {
        n.add(
            v instanceof Number num
                ? new BigDecimal(num.toString()).round(new MathContext(6)).stripTrailingZeros()
                : v);
      }
      out.add(n);
    }
    return out;
  }

  private static int usage(PrintStream out, String problem) {
    out.println(problem);
    out.println(
        "usage: compose-vs-gold --jdbc-url URL [--user NAME] [--password SECRET] [--evals FILE] [--runs N]");
    return 2;
  }
}
