package io.assay.algorithms.eval.rca;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.assay.algorithms.rca.RootCauseSearch;
import io.assay.algorithms.rca.SearchParams;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code ./assay eval rca DIR [--json]}: runs our Adtributor (under the reference run's protocol,
 * see {@link AdtributorProtocol}) and our multi-dimensional {@link RootCauseSearch} on every case
 * of a folder laid out like {@code shared/benchmarks/rca}, scores them with the set-of-elements
 * micro F1 of the benchmark README, and prints them next to the reference methods' figures.
 */
public final class RcaEval {
  static final String SEARCH = "search";
  static final String ADTRIBUTOR = "our_adtributor";

  private RcaEval() {}

  /**
   * Entry point for the CLI.
   *
   * @return 0 on success, 2 on a usage error, 1 when the folder cannot be read
   */
  public static int run(String[] args, PrintStream out) {
    Path dir = null;
    boolean json = false;
    for (String a : args) {
      if (a.equals("--json")) {
        json = true;
      } else if (a.startsWith("-")) {
        out.println("unknown option: " + a);
        out.println("usage: eval rca DIR [--json]");
        return 2;
      } else if (dir == null) {
        dir = Path.of(a);
      } else {
        out.println("usage: eval rca DIR [--json]  (one folder only)");
        return 2;
      }
    }
    if (dir == null) {
      out.println("usage: eval rca DIR [--json]");
      return 2;
    }
    try {
      Report report = evaluate(dir);
      if (json) {
        out.println(
            new ObjectMapper()
                .enable(SerializationFeature.INDENT_OUTPUT)
                .writeValueAsString(report.toJson()));
      } else {
        report.print(out);
      }
      return 0;
    } catch (IOException | UncheckedIOException | IllegalArgumentException e) {
      out.println("eval rca failed: " + e.getMessage());
      return 1;
    }
  }

  /** Scores both methods on every case under {@code dir}. */
  public static Report evaluate(Path dir) throws IOException {
    Report report = new Report(dir, ReferenceResults.read(dir));
    SearchParams params = SearchParams.defaults().answerOnly();
    AdtributorProtocol protocol = AdtributorProtocol.reference();
    boolean[] warmed = {false};
    RcaBenchmarkReader.forEach(
        dir,
        c -> {
          if (!warmed[0]) {
            // One untimed run first, so JIT compilation is not billed to the first case.
            RootCauseSearch.search(c.leaves(), params);
            protocol.localise(c.leaves());
            warmed[0] = true;
          }
          long t0 = System.nanoTime();
          List<String> found = RootCauseSearch.search(c.leaves(), params).best().elementStrings();
          long t1 = System.nanoTime();
          List<String> adt = protocol.localise(c.leaves());
          long t2 = System.nanoTime();
          report.add(c, SEARCH, SetScore.of(found, c.truth()), (t1 - t0) / 1e9);
          report.add(c, ADTRIBUTOR, SetScore.of(adt, c.truth()), (t2 - t1) / 1e9);
        });
    return report;
  }

  /** Accumulated counts per dataset and per setting. */
  public static final class Report {
    private final Path dir;
    private final ReferenceResults reference;
    private final Map<String, Map<String, Tally>> datasets = new LinkedHashMap<>();
    private final Map<String, Map<String, Tally>> settings = new LinkedHashMap<>();

    Report(Path dir, ReferenceResults reference) {
      this.dir = dir;
      this.reference = reference;
    }

    void add(RcaCase c, String method, SetScore score, double seconds) {
      datasets
          .computeIfAbsent(c.dataset(), k -> new LinkedHashMap<>())
          .computeIfAbsent(method, k -> new Tally())
          .add(score, seconds);
      if (!c.setting().isEmpty()) {
        settings
            .computeIfAbsent(c.dataset() + "/" + c.setting(), k -> new LinkedHashMap<>())
            .computeIfAbsent(method, k -> new Tally())
            .add(score, seconds);
      }
    }

    /** Micro F1 of {@code method} on {@code dataset}, or NaN when not run. */
    public double f1(String dataset, String method) {
      Tally t = datasets.getOrDefault(dataset, Map.of()).get(method);
      return t == null ? Double.NaN : t.score.f1();
    }

    void print(PrintStream out) {
      List<String> refs = reference.methods();
      out.println("RCA benchmark " + dir.toAbsolutePath().normalize());
      out.println(
          "F1 = micro set-of-elements F1 (benchmark README); time = mean seconds per case,"
              + " excluding file loading");
      StringBuilder head =
          new StringBuilder(
              String.format(
                  Locale.ROOT,
                  "%-32s %5s | %-24s | %-24s",
                  "dataset",
                  "cases",
                  "search F1 (P/R) time",
                  "our adtributor F1 time"));
      if (!refs.isEmpty()) {
        head.append(" | reference F1:");
        refs.forEach(m -> head.append(String.format(Locale.ROOT, " %12s", m)));
      }
      out.println(head);
      for (String ds : datasetOrder()) {
        settings.forEach(
            (name, methods) -> {
              if (name.startsWith(ds + "/")) {
                out.println(
                    row(
                        "  " + name,
                        methods,
                        reference.perSetting().getOrDefault(name, Map.of()),
                        refs));
              }
            });
        out.println(
            row(ds, datasets.get(ds), reference.perDataset().getOrDefault(ds, Map.of()), refs));
      }
      if (!refs.isEmpty()) {
        StringBuilder times = new StringBuilder("reference mean time per case (s):");
        for (String ds : datasetOrder()) {
          times.append("\n  ").append(ds).append(':');
          reference
              .perDataset()
              .getOrDefault(ds, Map.of())
              .forEach(
                  (m, f) ->
                      times.append(String.format(Locale.ROOT, " %s %.3f", m, f.meanTimeSeconds())));
        }
        out.println(times);
      }
    }

    /** B0, S, L, RS first (the README's order), then any other folder alphabetically. */
    private List<String> datasetOrder() {
      List<String> order = new ArrayList<>();
      for (String known : List.of("B0", "S", "L", "RS")) {
        if (datasets.containsKey(known)) {
          order.add(known);
        }
      }
      datasets.keySet().stream().filter(d -> !order.contains(d)).sorted().forEach(order::add);
      return order;
    }

    private static String row(
        String name,
        Map<String, Tally> methods,
        Map<String, ReferenceResults.Figure> ref,
        List<String> refs) {
      Tally s = methods.get(SEARCH);
      Tally a = methods.get(ADTRIBUTOR);
      StringBuilder b =
          new StringBuilder(
              String.format(
                  Locale.ROOT,
                  "%-32s %5d | %.3f (%.2f/%.2f) %6.3fs | %.3f %6.3fs         ",
                  name,
                  s.cases,
                  s.score.f1(),
                  s.precision(),
                  s.recall(),
                  s.meanSeconds(),
                  a.score.f1(),
                  a.meanSeconds()));
      if (!refs.isEmpty()) {
        b.append(" |             ");
        for (String m : refs) {
          ReferenceResults.Figure f = ref.get(m);
          b.append(
              f == null
                  ? String.format("%13s", "-")
                  : String.format(Locale.ROOT, " %12.3f", f.f1()));
        }
      }
      return b.toString();
    }

    Map<String, Object> toJson() {
      Map<String, Object> root = new LinkedHashMap<>();
      root.put("benchmark", dir.toAbsolutePath().normalize().toString());
      root.put("metric", "micro F1 over exact set-of-elements matches; mean_time_s per case");
      Map<String, Object> ds = new LinkedHashMap<>();
      for (String name : datasetOrder()) {
        Map<String, Tally> methods = datasets.get(name);
        {
          Map<String, Object> entry = new LinkedHashMap<>();
          methods.forEach((m, t) -> entry.put(m, t.toJson()));
          Map<String, Object> ref = new LinkedHashMap<>();
          reference
              .perDataset()
              .getOrDefault(name, Map.of())
              .forEach((m, f) -> ref.put(m, figure(f)));
          entry.put("reference", ref);
          ds.put(name, entry);
        }
      }
      root.put("datasets", ds);
      Map<String, Object> st = new LinkedHashMap<>();
      settings.forEach(
          (name, methods) -> {
            Map<String, Object> entry = new LinkedHashMap<>();
            methods.forEach((m, t) -> entry.put(m, t.toJson()));
            Map<String, Object> ref = new LinkedHashMap<>();
            reference
                .perSetting()
                .getOrDefault(name, Map.of())
                .forEach((m, f) -> ref.put(m, figure(f)));
            entry.put("reference", ref);
            st.put(name, entry);
          });
      root.put("settings", st);
      return root;
    }
  }

  private static Map<String, Object> figure(ReferenceResults.Figure f) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("f1", f.f1());
    m.put("mean_time_s", f.meanTimeSeconds());
    m.put("cases", f.cases());
    return m;
  }

  static final class Tally {
    SetScore score = SetScore.ZERO;
    int cases;
    double seconds;

    void add(SetScore s, double t) {
      score = score.plus(s);
      cases++;
      seconds += t;
    }

    double precision() {
      int d = score.tp() + score.fp();
      return d == 0 ? 0.0 : (double) score.tp() / d;
    }

    double recall() {
      int d = score.tp() + score.fn();
      return d == 0 ? 0.0 : (double) score.tp() / d;
    }

    double meanSeconds() {
      return cases == 0 ? 0.0 : seconds / cases;
    }

    Map<String, Object> toJson() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("f1", score.f1());
      m.put("precision", precision());
      m.put("recall", recall());
      m.put("tp", score.tp());
      m.put("fp", score.fp());
      m.put("fn", score.fn());
      m.put("cases", cases);
      m.put("mean_time_s", meanSeconds());
      return m;
    }
  }

  /** Lets the eval run without the CLI: {@code java ... RcaEval DIR [--json]}. */
  public static void main(String[] args) {
    System.exit(run(args, System.out));
  }
}
