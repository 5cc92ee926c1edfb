package io.assay.algorithms.eval.nab;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.assay.algorithms.text.PyFormat;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * Honest held-out estimates on one NAB folder. Each detector family comes with a few named variants
 * (its tunable settings). On a training part the variant and the alarm threshold with the best raw
 * score are chosen; that variant and threshold then score the test part, which never influenced
 * either choice.
 *
 * <ul>
 *   <li><b>2-fold by file</b>, stratified by category: within each category (in name order) the
 *       files are shuffled with a seed ({@link #SEED} unless told) and dealt alternately to halves
 *       A and B, the dealing continuing across categories so that the halves differ by at most one
 *       file. A→B chooses on A and scores B; B→A the reverse.
 *   <li><b>Leave one category out</b>: each category is scored with the choice made on the other
 *       six; the raw scores of the seven are pooled and normalised with all windows.
 * </ul>
 *
 * One split of 29 files moves the 2-fold figure by several points, so it can be repeated over
 * consecutive seeds and averaged; the detectors' scores are computed once and shared by all seeds.
 */
public final class NabCrossValidation {
  /** The split seed (the issue number), fixed so every run and report uses the same halves. */
  public static final long SEED = 19;

  private NabCrossValidation() {}

  /** One named setting of a detector family. */
  public record Variant(String name, RowDetector detector) {}

  /** A choice made on a training part and its figures on the test part. */
  public record FoldResult(
      String fold,
      int testFiles,
      int testWindows,
      String chosen,
      double threshold,
      double trainScore,
      double testScore,
      double testRaw) {}

  /** Both 2-fold results, their mean, and the pooled leave-one-category-out figure. */
  public record Report(
      List<FoldResult> twoFold, double twoFoldMean, List<FoldResult> loco, double locoPooled) {}

  /**
   * Every detector's report on one folder, side by side, with the halves they share; {@code
   * twoFoldBySeed} holds each detector's 2-fold mean for {@code seed}, {@code seed + 1}, … (one
   * entry when a single seed was asked for).
   */
  public record Comparison(
      long seed,
      List<List<NabFile>> halves,
      Map<String, Report> byDetector,
      Map<String, double[]> twoFoldBySeed,
      Map<String, Long> millis) {
    /** Prints the halves and one table row per detector, then each fold's choice. */
    public void print(PrintStream out) {
      out.println(
          "Cross-validation, standard profile: each detector's variant and threshold are chosen"
              + " on the training part, then scored on the test part.");
      out.println("  2-fold by file, stratified by category, seed " + seed + ":");
      out.println("    A = " + names(halves.get(0)));
      out.println("    B = " + names(halves.get(1)));
      out.println("  LOCO: each category scored with the choice made on the other six, pooled.");
      out.println();
      String header =
          String.format(
              "%-14s %8s %8s %8s %8s %9s %8s",
              "Detector", "variants", "A->B", "B->A", "mean", "LOCO", "seconds");
      out.println(header);
      out.println("-".repeat(header.length()));
      for (NabDetectors.Entry e : NabDetectors.all()) {
        Report r = byDetector.get(e.name());
        out.println(
            String.format(
                "%-14s %8d %8s %8s %8s %9s %8s",
                e.name(),
                e.variants().size(),
                PyFormat.fixed(r.twoFold().get(0).testScore(), 2),
                PyFormat.fixed(r.twoFold().get(1).testScore(), 2),
                PyFormat.fixed(r.twoFoldMean(), 2),
                PyFormat.fixed(r.locoPooled(), 2),
                PyFormat.fixed(millis.get(e.name()) / 1000.0, 1)));
      }
      int seeds = twoFoldBySeed.values().iterator().next().length;
      if (seeds > 1) {
        out.println();
        out.println(
            "  2-fold mean for each of seeds "
                + seed
                + ".."
                + (seed + seeds - 1)
                + ", and their mean:");
        for (NabDetectors.Entry e : NabDetectors.all()) {
          double[] bySeed = twoFoldBySeed.get(e.name());
          StringBuilder row = new StringBuilder(String.format("    %-12s", e.name()));
          for (double v : bySeed) {
            row.append(' ').append(PyFormat.fixed(v, 1));
          }
          out.println(row.append("  mean ").append(PyFormat.fixed(mean(bySeed), 2)));
        }
      }
      for (NabDetectors.Entry e : NabDetectors.all()) {
        out.println();
        out.println("  " + e.name() + ":");
        Report r = byDetector.get(e.name());
        List<FoldResult> folds = new ArrayList<>(r.twoFold());
        folds.addAll(r.loco());
        for (FoldResult f : folds) {
          out.println(
              String.format(
                  "    %-24s train %6s  test %7s  threshold %s  chose %s",
                  f.fold(),
                  PyFormat.fixed(f.trainScore(), 2),
                  Double.isNaN(f.testScore())
                      ? "raw " + PyFormat.fixed(f.testRaw(), 2)
                      : PyFormat.fixed(f.testScore(), 2),
                  PyFormat.fixed(f.threshold(), 4),
                  f.chosen()));
        }
      }
    }

    /** The same figures as one JSON object. */
    public ObjectNode toJson() {
      ObjectNode root = JsonNodeFactory.instance.objectNode();
      root.put("profile", "standard");
      root.put("seed", seed);
      ObjectNode h = root.putObject("halves");
      names(halves.get(0)).forEach(h.putArray("A")::add);
      names(halves.get(1)).forEach(h.putArray("B")::add);
      ObjectNode detectors = root.putObject("detectors");
      for (Map.Entry<String, Report> e : byDetector.entrySet()) {
        ObjectNode d = detectors.putObject(e.getKey());
        Report r = e.getValue();
        d.put("fold_a_to_b", round(r.twoFold().get(0).testScore()));
        d.put("fold_b_to_a", round(r.twoFold().get(1).testScore()));
        d.put("two_fold_mean", round(r.twoFoldMean()));
        d.put("loco_pooled", round(r.locoPooled()));
        double[] bySeed = twoFoldBySeed.get(e.getKey());
        for (double v : bySeed) {
          d.withArray("two_fold_mean_by_seed").add(round(v));
        }
        d.put("two_fold_mean_over_seeds", round(mean(bySeed)));
        d.put("millis", millis.get(e.getKey()));
        ObjectNode folds = d.putObject("folds");
        List<FoldResult> all = new ArrayList<>(r.twoFold());
        all.addAll(r.loco());
        for (FoldResult f : all) {
          ObjectNode o = folds.putObject(f.fold());
          o.put("chosen", f.chosen());
          o.put("threshold", f.threshold());
          o.put("train", round(f.trainScore()));
          if (!Double.isNaN(f.testScore())) {
            o.put("test", round(f.testScore()));
          }
          o.put("test_raw", f.testRaw());
          o.put("test_windows", f.testWindows());
        }
      }
      return root;
    }

    private static double mean(double[] values) {
      double sum = 0;
      for (double v : values) {
        sum += v;
      }
      return sum / values.length;
    }

    private static double round(double v) {
      return Math.round(v * 100) / 100.0;
    }

    private static List<String> names(List<NabFile> files) {
      return files.stream().map(NabFile::name).sorted().toList();
    }
  }

  /** Cross-validates every detector of {@link NabDetectors} on the standard profile. */
  public static Comparison compare(NabCorpus corpus, long seed) {
    return compare(corpus, seed, 1);
  }

  /**
   * As {@link #compare(NabCorpus, long)}, with the 2-fold protocol repeated for {@code seeds}
   * consecutive seeds from {@code seed}; the detailed report is the first seed's.
   */
  public static Comparison compare(NabCorpus corpus, long seed, int seeds) {
    if (seeds < 1) {
      throw new IllegalArgumentException("seeds must be at least 1");
    }
    NabProfile standard =
        corpus.profiles().stream()
            .filter(p -> p.name().equals("standard"))
            .findFirst()
            .orElseThrow(() -> new IllegalArgumentException("profiles.json has no standard"));
    Map<String, Report> reports = new LinkedHashMap<>();
    Map<String, double[]> bySeed = new LinkedHashMap<>();
    Map<String, Long> millis = new LinkedHashMap<>();
    for (NabDetectors.Entry e : NabDetectors.all()) {
      long start = System.nanoTime();
      Map<String, double[]> cache = new HashMap<>();
      double[] means = new double[seeds];
      for (int k = 0; k < seeds; k++) {
        Report r = run(corpus.files(), e.variants(), standard, seed + k, cache);
        if (k == 0) {
          reports.put(e.name(), r);
        }
        means[k] = r.twoFoldMean();
      }
      bySeed.put(e.name(), means);
      millis.put(e.name(), (System.nanoTime() - start) / 1_000_000);
    }
    return new Comparison(seed, halves(corpus.files(), seed), reports, bySeed, millis);
  }

  /** The category of a corpus-relative file name ({@code category/file.csv}). */
  static String category(NabFile file) {
    int slash = file.name().indexOf('/');
    return slash < 0 ? "" : file.name().substring(0, slash);
  }

  /** The two stratified halves A and B (see the class comment). */
  public static List<List<NabFile>> halves(List<NabFile> files, long seed) {
    Map<String, List<NabFile>> byCategory = new TreeMap<>();
    for (NabFile f : files) {
      byCategory.computeIfAbsent(category(f), c -> new ArrayList<>()).add(f);
    }
    Random random = new Random(seed);
    List<NabFile> a = new ArrayList<>();
    List<NabFile> b = new ArrayList<>();
    int dealt = 0;
    for (List<NabFile> group : byCategory.values()) {
      List<NabFile> shuffled = new ArrayList<>(group);
      shuffled.sort((x, y) -> x.name().compareTo(y.name()));
      Collections.shuffle(shuffled, random);
      for (NabFile f : shuffled) {
        (dealt++ % 2 == 0 ? a : b).add(f);
      }
    }
    return List.of(a, b);
  }

  /** Runs both protocols for one family on the given profile, with the halves of {@link #SEED}. */
  public static Report run(List<NabFile> files, List<Variant> variants, NabProfile profile) {
    return run(files, variants, profile, SEED, new HashMap<>());
  }

  /**
   * Runs both protocols with the halves of another seed (to see how much a figure owes to the
   * split); {@code cache} holds each variant's scores per file and may be shared between seeds.
   */
  public static Report run(
      List<NabFile> files,
      List<Variant> variants,
      NabProfile profile,
      long seed,
      Map<String, double[]> cache) {
    List<List<NabFile>> halves = halves(files, seed);
    List<FoldResult> two = new ArrayList<>();
    two.add(fold("A->B", halves.get(0), halves.get(1), variants, profile, cache));
    two.add(fold("B->A", halves.get(1), halves.get(0), variants, profile, cache));
    double mean = (two.get(0).testScore() + two.get(1).testScore()) / 2;

    Map<String, List<NabFile>> byCategory = new TreeMap<>();
    for (NabFile f : files) {
      byCategory.computeIfAbsent(category(f), c -> new ArrayList<>()).add(f);
    }
    List<FoldResult> loco = new ArrayList<>();
    double raw = 0;
    int windows = 0;
    for (Map.Entry<String, List<NabFile>> e : byCategory.entrySet()) {
      List<NabFile> train = new ArrayList<>(files);
      train.removeAll(e.getValue());
      FoldResult r = fold(e.getKey(), train, e.getValue(), variants, profile, cache);
      loco.add(r);
      raw += r.testRaw();
      windows += r.testWindows();
    }
    double nullRaw = -profile.fnWeight() * windows;
    double pooled = 100 * (raw - nullRaw) / (profile.tpWeight() * windows - nullRaw);
    return new Report(two, mean, loco, pooled);
  }

  private static FoldResult fold(
      String name,
      List<NabFile> train,
      List<NabFile> test,
      List<Variant> variants,
      NabProfile profile,
      Map<String, double[]> cache) {
    Variant best = null;
    NabScorer.CorpusResult bestResult = null;
    for (Variant v : variants) {
      NabScorer.CorpusResult r = NabScorer.optimise(train, scores(train, v, cache), profile);
      if (bestResult == null || r.raw() > bestResult.raw()) {
        best = v;
        bestResult = r;
      }
    }
    NabScorer.CorpusResult t =
        NabScorer.atThreshold(test, scores(test, best, cache), profile, bestResult.threshold());
    int windows = 0;
    for (NabFile f : test) {
      windows += f.windows().size();
    }
    return new FoldResult(
        name,
        test.size(),
        windows,
        best.name(),
        bestResult.threshold(),
        bestResult.normalised(),
        windows == 0 ? Double.NaN : t.normalised(),
        t.raw());
  }

  private static List<double[]> scores(
      List<NabFile> files, Variant v, Map<String, double[]> cache) {
    List<double[]> out = new ArrayList<>();
    for (NabFile f : files) {
      out.add(cache.computeIfAbsent(v.name() + "\u0000" + f.name(), k -> v.detector().score(f)));
    }
    return out;
  }
}
