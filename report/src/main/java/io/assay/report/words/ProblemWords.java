package io.assay.report.words;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Why an edit, a step or an action was refused, in people's words. The checks that refuse (each
 * analysis's argument schema, the plan edits, the workflow's steering checks) write their reasons
 * for whoever acts on them next, a person or the LLM planner, so they name arguments, analyses,
 * columns, edit kinds and job states as the JSON and the API do ({@code step 2 (drill_down): arg
 * 'dimensions': unknown column 'district.a33' (write table.column)}). This is the one place that
 * turns such a reason into a sentence a person reads: arguments by their labels, analyses by their
 * titles, columns and metrics by the dataset's labels, periods as people write them, states in
 * words; the hints that only help someone writing JSON go. What a person typed that matches nothing
 * (an unknown metric, a misspelt value) stays quoted as typed.
 */
public final class ProblemWords {
  /** Words that know no dataset and no arguments: analysis ids, periods and states still go. */
  public static final ProblemWords NONE = new ProblemWords(RawNames.NONE, Labels.NONE, Map.of());

  /** The kinds of edit as the API names them, and what a sentence calls them. */
  private static final Map<String, String> EDITS =
      Map.of(
          "add_step position", "the new step's position",
          "add_step", "the new step",
          "remove_step", "removing",
          "move_step", "moving",
          "set_args", "the change",
          "exclude_value", "the exclusion");

  private static final Pattern INVALID_ARGS = Pattern.compile("invalid args for ([a-z0-9_]+): ");
  private static final Pattern MISSING =
      Pattern.compile("missing required arg '([a-z0-9_]+)'(?: \\([a-z_]+(?:: ([^)]*))?\\))?");
  private static final Pattern UNKNOWN_ARG =
      Pattern.compile("unknown arg '([^']*)'; accepted args: ([a-z0-9_, ]+)");
  private static final Pattern ARG = Pattern.compile("\\barg '([a-z0-9_]+)'(: expected |: )?");
  private static final Pattern QUOTED = Pattern.compile("(?<![\\p{L}\\p{N}])'([^']*)'");
  private static final Pattern SNAKE = Pattern.compile("\\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\\b");
  private static final Pattern EDIT =
      Pattern.compile(
          "\\b(add_step position|add_step|remove_step|move_step|set_args|exclude_value)\\b");
  private static final Pattern JSON_HINT =
      Pattern.compile(" ?\\((?:write )?table\\.column\\)| \\(write \\{[^}]*\\}\\)|, as YYYY-MM-DD");

  /** The hint for a period, as the forms read periods: the way people write them. */
  private static final Pattern PERIOD_HINT =
      Pattern.compile("write the period's first day as YYYY-MM-DD");

  private static final Pattern RANGE = Pattern.compile("\\b(\\d+)\\.\\.(\\d+)\\b");
  private static final Pattern EXPECTED = Pattern.compile("\\bexpected (?=a |an |one of |true)");

  private final RawNames names;
  private final Labels labels;
  private final Map<String, String> arguments;

  /**
   * @param names the dataset's raw names and the analyses' ids, with their labels
   * @param labels the same labels, for quoted names and analysis titles
   * @param arguments every analysis argument's name and its label ("located_by" → "Located by")
   */
  public ProblemWords(RawNames names, Labels labels, Map<String, String> arguments) {
    this.names = names;
    this.labels = labels;
    this.arguments = Map.copyOf(arguments);
  }

  /**
   * Words that know the analyses and their arguments but no dataset (a client with no recon, such
   * as the CLI talking to a server): analysis ids, arguments, periods and states still go.
   */
  public static ProblemWords of(Labels analyses, Map<String, String> arguments) {
    return new ProblemWords(new RawNames(analyses, analyses.analysisIds()), analyses, arguments);
  }

  /**
   * Words from a frozen report's own labels (raw name to label, analysis ids to titles), so that a
   * report's writer and its checks word a recorded error alike: the same labels, the same words.
   * Arguments read as their names in words, as their labels do.
   */
  public static ProblemWords frozen(Map<String, String> labels) {
    return new ProblemWords(RawNames.of(labels), Labels.of(labels), Map.of());
  }

  /** {@code reason} as a sentence a person reads; blank stays blank. */
  public String of(String reason) {
    if (reason == null || reason.isBlank()) {
      return reason;
    }
    return sentence(clause(reason));
  }

  /**
   * {@code reason} in the same words, to stand inside a sentence ("The drill-down step failed: …"):
   * its first letter and closing stop as they were.
   */
  public String clause(String reason) {
    if (reason == null || reason.isBlank()) {
      return reason;
    }
    String text = JSON_HINT.matcher(reason.strip()).replaceAll("");
    text = PERIOD_HINT.matcher(text).replaceAll("write a period such as June 1997 or 2 June 1997");
    text = replace(text, INVALID_ARGS, (m, t) -> labels.analysis(m.group(1)) + " cannot run: ");
    text = replace(text, MISSING, this::missing);
    text = replace(text, UNKNOWN_ARG, this::unknownArgument);
    text = replace(text, ARG, this::argument);
    text = EXPECTED.matcher(text).replaceAll("should be ");
    text = text.replace(", got ", ", not ");
    text = replace(text, QUOTED, this::quoted);
    text = replace(text, EDIT, (m, t) -> EDITS.get(m.group(1)));
    text = replace(text, SNAKE, (m, t) -> argumentInText(m.group(), t.substring(0, m.start())));
    text = RANGE.matcher(text).replaceAll("$1 to $2");
    return StateWords.inText(names.relabel(text));
  }

  /** "metric is required (the metric to scan)". */
  private String missing(Matcher m, String source) {
    String what = argumentLabel(m.group(1), source.substring(0, m.start()));
    String about = m.group(2) == null || m.group(2).isBlank() ? "" : " (" + m.group(2) + ")";
    return what + " is required" + about;
  }

  /** "there is no setting 'colour'; it takes metric, time, grain and filters". */
  private String unknownArgument(Matcher m, String source) {
    List<String> known = new ArrayList<>();
    for (String name : m.group(2).split(",\\s*")) {
      if (!name.isBlank()) {
        known.add(Labels.midSentence(label(name.strip())));
      }
    }
    return "there is no setting '"
        + m.group(1)
        + "'"
        + (known.isEmpty() ? "" : "; it takes " + list(known));
  }

  /**
   * "arg 'grain': expected one of …" → "grain should be one of …"; "arg 'top' must …" → "top …".
   */
  private String argument(Matcher m, String source) {
    String label = argumentLabel(m.group(1), source.substring(0, m.start()));
    if (m.group(2) == null) {
      return label;
    }
    return m.group(2).contains("expected") ? label + " should be " : label + ": ";
  }

  /** A quoted analysis id, metric or column: its label; anything else as it was quoted. */
  private String quoted(Matcher m, String source) {
    String inside = m.group(1);
    String before = source.substring(0, m.start());
    if (names.knows(inside)) {
      return names.relabel(inside, Labels.midSentenceAfter(before));
    }
    if (arguments.containsKey(inside) && !valueAround(before, source.substring(m.end()))) {
      return argumentLabel(inside, before);
    }
    return m.group();
  }

  /** Whether a quoted word stands where a value does: "'x' is not a value", "did you mean 'x'". */
  private static boolean valueAround(String before, String after) {
    return after.startsWith(" is not ") || before.matches("(?s).*did you mean[^.;]*$");
  }

  /** An argument named bare inside a sentence ("drop_weight and rise_weight must …"). */
  private String argumentInText(String raw, String before) {
    return arguments.containsKey(raw) && !names.knows(raw) ? argumentLabel(raw, before) : raw;
  }

  private String argumentLabel(String name, String before) {
    String label = label(name);
    return Labels.midSentenceAfter(before) ? Labels.midSentence(label) : label;
  }

  private String label(String name) {
    String label = arguments.get(name);
    return label != null ? label : Labels.humanise(name);
  }

  private static String list(List<String> items) {
    if (items.size() == 1) {
      return items.get(0);
    }
    return String.join(", ", items.subList(0, items.size() - 1))
        + " and "
        + items.get(items.size() - 1);
  }

  private static String sentence(String text) {
    String s = Labels.sentenceStart(text.strip());
    return s.isEmpty() || ".!?".indexOf(s.charAt(s.length() - 1)) >= 0 ? s : s + ".";
  }

  /** A match's replacement; {@code source} is the text matched, for what stands around it. */
  private interface Replacement {
    String of(Matcher m, String source);
  }

  private static String replace(String text, Pattern pattern, Replacement replacement) {
    Matcher m = pattern.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(out, Matcher.quoteReplacement(replacement.of(m, text)));
    }
    m.appendTail(out);
    return out.toString();
  }
}
