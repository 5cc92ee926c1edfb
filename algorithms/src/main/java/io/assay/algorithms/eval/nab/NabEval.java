package io.assay.algorithms.eval.nab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.assay.algorithms.text.PyFormat;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code assay eval nab DIR [--detector NAME] [--cv [--seed N] [--seeds K]] [--json]}: runs a
 * detector of {@link NabDetectors} (pattern novelty by default) causally over a NAB folder, scores
 * it as NAB does (one threshold per profile chosen over the whole folder, normalised with the null
 * and perfect detectors) and prints our standard / reward-low-FP / reward-low-FN scores next to the
 * published detectors' scores from {@code results/recomputed_scoreboard_dev.json}. With {@code
 * --cv} it adds the cross-validated figures of every detector ({@link NabCrossValidation}), the
 * 2-fold one also averaged over K consecutive seeds from N with {@code --seeds K}.
 */
public final class NabEval {
  static final String USAGE =
      "usage: assay eval nab DIR [--detector "
          + String.join("|", NabDetectors.names())
          + "] [--cv [--seed N] [--seeds K]] [--json]";
  private static final ObjectMapper JSON = new ObjectMapper();

  private NabEval() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out));
  }

  /** Runs the evaluation; returns 0 on success, 2 on bad arguments or an unreadable folder. */
  public static int run(String[] args, PrintStream out) {
    Path dir = null;
    boolean json = false;
    boolean cv = false;
    String detectorName = NabDetectors.DEFAULT;
    long seed = NabCrossValidation.SEED;
    int seeds = 1;
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if (arg.equals("--json")) {
        json = true;
      } else if (arg.equals("--cv")) {
        cv = true;
      } else if (arg.equals("--detector")) {
        if (i + 1 >= args.length) {
          out.println("--detector needs a name\n" + USAGE);
          return 2;
        }
        detectorName = args[++i];
      } else if (arg.equals("--seed")) {
        Long parsed = i + 1 < args.length ? parseSeed(args[++i]) : null;
        if (parsed == null) {
          out.println("--seed needs a whole number\n" + USAGE);
          return 2;
        }
        seed = parsed;
      } else if (arg.equals("--seeds")) {
        Long parsed = i + 1 < args.length ? parseSeed(args[++i]) : null;
        if (parsed == null || parsed < 1 || parsed > 100) {
          out.println("--seeds needs a whole number from 1 to 100\n" + USAGE);
          return 2;
        }
        seeds = parsed.intValue();
      } else if (arg.startsWith("-")) {
        out.println("unknown option " + arg + "\n" + USAGE);
        return 2;
      } else if (dir == null) {
        dir = Path.of(arg);
      } else {
        out.println("only one folder may be given\n" + USAGE);
        return 2;
      }
    }
    if (dir == null) {
      out.println(USAGE);
      return 2;
    }
    Optional<NabDetectors.Entry> detector = NabDetectors.named(detectorName);
    if (detector.isEmpty()) {
      out.println(
          "unknown detector '"
              + detectorName
              + "'; choose "
              + String.join(" or ", NabDetectors.names()));
      return 2;
    }
    NabCorpus corpus;
    try {
      corpus = NabCorpus.load(dir);
    } catch (IllegalArgumentException | UncheckedIOException e) {
      out.println("cannot evaluate on " + dir + ": " + e.getMessage());
      return 2;
    }
    Result result = evaluate(corpus, detector.get().detector());
    Map<String, Map<String, Double>> published = published(dir);
    NabCrossValidation.Comparison comparison =
        cv ? NabCrossValidation.compare(corpus, seed, seeds) : null;
    String label = detector.get().label();
    if (json) {
      ObjectNode root = toJson(corpus, label, result, published);
      if (comparison != null) {
        root.set("cross_validation", comparison.toJson());
      }
      out.println(root.toString());
    } else {
      printTable(out, corpus, label, result, published);
      if (comparison != null) {
        out.println();
        comparison.print(out);
      }
    }
    return 0;
  }

  private static Long parseSeed(String text) {
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** Our figures: per profile the corpus result, plus detection time. */
  public record Result(Map<String, NabScorer.CorpusResult> byProfile, long detectMillis) {}

  /** Runs the detector on every file and optimises one threshold per profile. */
  public static Result evaluate(NabCorpus corpus, RowDetector detector) {
    long start = System.nanoTime();
    List<double[]> scores = new ArrayList<>();
    for (NabFile file : corpus.files()) {
      scores.add(detector.score(file));
    }
    long millis = (System.nanoTime() - start) / 1_000_000;
    Map<String, NabScorer.CorpusResult> byProfile = new LinkedHashMap<>();
    for (NabProfile profile : corpus.profiles()) {
      byProfile.put(profile.name(), NabScorer.optimise(corpus.files(), scores, profile));
    }
    return new Result(byProfile, millis);
  }

  /** Published normalised scores per detector and profile, empty when the folder has none. */
  static Map<String, Map<String, Double>> published(Path dir) {
    Map<String, Map<String, Double>> out = new LinkedHashMap<>();
    Path file = dir.resolve("results/recomputed_scoreboard_dev.json");
    if (!Files.exists(file)) {
      return out;
    }
    try {
      JsonNode scores = JSON.readTree(file.toFile()).get("scores");
      Iterator<Map.Entry<String, JsonNode>> it = scores.fields();
      while (it.hasNext()) {
        Map.Entry<String, JsonNode> detector = it.next();
        Map<String, Double> row = new LinkedHashMap<>();
        detector
            .getValue()
            .fields()
            .forEachRemaining(p -> row.put(p.getKey(), p.getValue().get("normalised").asDouble()));
        out.put(detector.getKey(), row);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  private static final List<String> PROFILE_ORDER =
      List.of("standard", "reward_low_FP_rate", "reward_low_FN_rate");

  static void printTable(
      PrintStream out,
      NabCorpus corpus,
      String label,
      Result result,
      Map<String, Map<String, Double>> published) {
    out.println(
        "NAB on "
            + corpus.root()
            + ": "
            + corpus.files().size()
            + " files, "
            + corpus.windowCount()
            + " windows; detection took "
            + result.detectMillis()
            + " ms");
    out.println();
    String header =
        String.format(
            "%-62s %9s %14s %14s", "Detector", "Standard", "Reward low FP", "Reward low FN");
    out.println(header);
    out.println("-".repeat(header.length()));
    List<Map.Entry<String, Map<String, Double>>> rows = new ArrayList<>();
    Map<String, Double> ours = new LinkedHashMap<>();
    for (String p : PROFILE_ORDER) {
      NabScorer.CorpusResult r = result.byProfile().get(p);
      ours.put(p, r == null ? Double.NaN : r.normalised());
    }
    rows.add(Map.entry("* " + label, ours));
    rows.addAll(published.entrySet());
    rows.sort(
        (a, b) -> Double.compare(value(b.getValue(), "standard"), value(a.getValue(), "standard")));
    for (Map.Entry<String, Map<String, Double>> row : rows) {
      out.println(
          String.format(
              "%-62s %9s %14s %14s",
              row.getKey(),
              cell(row.getValue(), "standard"),
              cell(row.getValue(), "reward_low_FP_rate"),
              cell(row.getValue(), "reward_low_FN_rate")));
    }
    out.println();
    for (String p : PROFILE_ORDER) {
      NabScorer.CorpusResult r = result.byProfile().get(p);
      if (r != null) {
        out.println(
            "  "
                + p
                + ": threshold "
                + PyFormat.str(r.threshold())
                + ", raw "
                + PyFormat.fixed(r.raw(), 4)
                + " (null "
                + PyFormat.fixed(r.nullRaw(), 1)
                + ", perfect "
                + PyFormat.fixed(r.perfectRaw(), 1)
                + ")");
      }
    }
    out.println("Published figures: results/recomputed_scoreboard_dev.json (same files).");
  }

  private static double value(Map<String, Double> row, String profile) {
    Double v = row.get(profile);
    return v == null || v.isNaN() ? Double.NEGATIVE_INFINITY : v;
  }

  private static String cell(Map<String, Double> row, String profile) {
    Double v = row.get(profile);
    return v == null || v.isNaN() ? "-" : PyFormat.fixed(v, 2);
  }

  static ObjectNode toJson(
      NabCorpus corpus, String label, Result result, Map<String, Map<String, Double>> published) {
    ObjectNode root = JSON.createObjectNode();
    root.put("folder", corpus.root().toString());
    root.put("files", corpus.files().size());
    root.put("windows", corpus.windowCount());
    root.put("detect_millis", result.detectMillis());
    ObjectNode ours = root.putObject("ours");
    ours.put("detector", label);
    for (NabScorer.CorpusResult r : result.byProfile().values()) {
      ObjectNode p = ours.putObject(r.profile().name());
      p.put("normalised", Math.round(r.normalised() * 100) / 100.0);
      p.put("raw", r.raw());
      p.put("threshold", r.threshold());
      p.put("null_raw", r.nullRaw());
      p.put("perfect_raw", r.perfectRaw());
    }
    ObjectNode pub = root.putObject("published");
    for (Map.Entry<String, Map<String, Double>> e : published.entrySet()) {
      ObjectNode d = pub.putObject(e.getKey());
      e.getValue().forEach(d::put);
    }
    return root;
  }
}
