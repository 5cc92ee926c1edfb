package io.assay.understand.rules;

import io.assay.contract.plan.Clarification;
import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.Having;
import io.assay.pick.Measure;
import io.assay.pick.Order;
import io.assay.pick.Projection;
import io.assay.pick.TimeFilter;
import io.assay.pick.TimeGrain;
import io.assay.recon.Recon;
import io.assay.understand.AnalysisCue;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.English;
import io.assay.understand.LexiconFile;
import io.assay.understand.Mention;
import io.assay.understand.Period;
import io.assay.understand.Scan;
import io.assay.understand.TimeExpression;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The partial reading of one question that the rules fill in turn: the parts of the question
 * (items) and which of them are explained, and the Pick taking shape (measure, columns, filters,
 * groupings, orderings, time scope), with the notes, problems and clarification met on the way.
 * Fields are open to the rules of this package, which are its only writers; the methods name the
 * moves rules make often.
 */
final class Draft {

  // ------------------------------------------------------------ the question

  final Scan scan;
  final Recon recon;
  final LexiconFile lexicon;

  /** Answers to earlier clarifications, by clarification id. */
  final Map<String, String> answers;

  /** Mentions, times, cues and numbers in question order. */
  final List<Item> items = new ArrayList<>();

  /** The parts explained so far; whatever is left at the end makes the reader abstain. */
  private final Set<Object> used = new HashSet<>();

  final Schema schema;

  // ------------------------------------------------------------ how the reading went

  final List<String> notes = new ArrayList<>();
  final List<String> problems = new ArrayList<>();
  Clarification clarification;

  /**
   * A question worth asking only when everything else is understood: the reading goes on with one
   * of its answers, and asks only if nothing else stops it (asking, then refusing, helps nobody).
   */
  Clarification askIfUnderstood;

  // ------------------------------------------------------------ the Pick taking shape

  Form form;
  Measure measure;

  /** The metric the answer reads, when it is a named one (it leads the frame's metrics). */
  String metricName;

  /** Further figures the answer shows beside the measure ("… and the average amount"). */
  final List<Measure> moreMeasures = new ArrayList<>();

  /** Further metrics named, for a correlation. */
  final List<String> extraMetrics = new ArrayList<>();

  final List<Projection> select = new ArrayList<>();
  final List<ColumnRef> groupBy = new ArrayList<>();
  TimeGrain grain;

  final List<Filter> filters = new ArrayList<>();

  /** Where in the question each filter was read: rules that scope filters read it. */
  final Map<Filter, Integer> filterPosition = new IdentityHashMap<>();

  /** The date column a filter was read as a time on ("born before 1950"). */
  final Map<Filter, ColumnRef> attachedTo = new IdentityHashMap<>();

  final Map<Filter, TimeExpression> attachedTime = new IdentityHashMap<>();

  /** Columns two of whose values the question joins with "and" ("owners and disponents"). */
  final Set<ColumnRef> andJoined = new HashSet<>();

  /** "above the average": comparisons whose average takes the time scope once it is known. */
  final List<Filter.VsAggregate> pendingAverages = new ArrayList<>();

  /**
   * "never rented", "no permanent orders", "who have a card": conditions that related rows do not
   * exist, or do.
   */
  final List<Filter.Exists> related = new ArrayList<>();

  /** A condition on how many rows each listed group has ("at least 20 customers"), or null. */
  Having countHaving;

  String countHavingText;

  final List<Ranking> rankings = new ArrayList<>();

  /** The mention listed by a "top N" ranking ("districts"), when there is one. */
  Mention rankedEntity;

  /** "which 3 districts": how many rows the list keeps, or null. */
  Integer listCount;

  List<Order> listingOrder = List.of();

  /** The order of a list ranked by a measure, or null. */
  Order rankedListOrder;

  Integer listingLimit;
  Integer listingOffset;

  /** "how many times were films rented": the count metric of the event counted, or null. */
  String occasionMetric;

  /** The token of that "times", which the count explains. */
  int occasionWord = -1;

  /** Tokens a rule explained that are no item of their own ("number" in "customer number 5"). */
  final Set<Integer> explainedWords = new HashSet<>();

  /** Set when the question asks for one quantity over another ("ratio of", "for every"). */
  boolean sideBySide;

  // ------------------------------------------------------------ analyses and time

  final Set<AnalysisCue> analyses = new TreeSet<>();

  /** Every period the question names, in order, for the analyses' frame. */
  final List<Period> periods = new ArrayList<>();

  /** "the next 6 months": how far ahead a forecast looks, or null. */
  Integer horizon;

  /** The two periods a difference subtracts ("the difference between May and June"), or null. */
  PeriodDifference.Periods difference;

  /** The two periods a growth compares ("between 1996 and 1997"). */
  Scan.Time growthTime;

  /** The time scope of the whole question and the date column it applies to. */
  Scan.Time mainTime;

  ColumnRef timeColumn;
  TimeFilter time;

  Draft(Scan scan, Recon recon, LexiconFile lexicon, Map<String, String> answers) {
    this.scan = scan;
    this.recon = recon;
    this.lexicon = lexicon;
    this.answers = answers;
    this.schema = new Schema(this);
    scan.mentions.forEach(m -> items.add(new Item(m.first(), m.last(), m)));
    scan.times.forEach(t -> items.add(new Item(t.first(), t.last(), t)));
    scan.cues.forEach(c -> items.add(new Item(c.first(), c.last(), c)));
    scan.numbers.forEach(n -> items.add(new Item(n.token(), n.token(), n)));
    items.sort(Comparator.comparingInt(Item::first));
  }

  // ------------------------------------------------------------ moves

  /** Marks a part of the question explained. */
  void use(Object part) {
    used.add(part);
  }

  boolean isUsed(Object part) {
    return used.contains(part);
  }

  void note(String note) {
    notes.add(note);
  }

  void problem(String problem) {
    problems.add(problem);
  }

  /** Asks the person; the first question asked is the one shown. */
  void ask(Clarification c) {
    if (clarification == null) {
      clarification = c;
    }
  }

  /** Nothing blocks the reading so far: no problem and no open question. */
  boolean clear() {
    return clarification == null && problems.isEmpty();
  }

  /** The answer reads the named metric. */
  void adoptMetric(String name) {
    measure = Measure.metric(name);
    metricName = name;
  }

  void addFilter(Filter f, int position, ColumnRef attached) {
    filters.add(f);
    filterPosition.put(f, position);
    if (attached != null) {
      attachedTo.put(f, attached);
    }
  }

  // ------------------------------------------------------------ looking around

  /** The item at {@code i}, or null past either end. */
  Item item(int i) {
    return i >= 0 && i < items.size() ? items.get(i) : null;
  }

  /** What the item at {@code i} is, or null past either end. */
  Object at(int i) {
    Item it = item(i);
    return it == null ? null : it.what();
  }

  /** Whether a one-word phrase is mostly a verb in English ("rented", "paid", "withdraw"). */
  boolean aVerb(Mention m) {
    return m.first() == m.last() && aVerbAt(m.first());
  }

  /** Whether the word at token {@code t} is mostly a verb in English. */
  boolean aVerbAt(int t) {
    return English.shared().lookup(scan.tokens.get(t).norm()).dominant()
        == English.PartOfSpeech.VERB;
  }

  /** The item before {@code i}, skipping cues of the given kinds. */
  Item previous(int i, Kind... skip) {
    Set<Kind> skipped = skip.length == 0 ? Set.of() : EnumSet.of(skip[0], skip);
    for (int k = i - 1; k >= 0; k--) {
      Object w = items.get(k).what();
      if (w instanceof Cue c && skipped.contains(c.kind())) {
        continue;
      }
      return items.get(k);
    }
    return null;
  }

  /** The first cue of a kind not yet used, or null. */
  Cue firstCue(Kind kind) {
    for (Item it : items) {
      if (it.what() instanceof Cue c && c.kind() == kind && !used.contains(c)) {
        return c;
      }
    }
    return null;
  }

  int indexOf(Object what) {
    for (int i = 0; i < items.size(); i++) {
      if (items.get(i).what() == what) {
        return i;
      }
    }
    return -1;
  }

  /** The words of the question that name nothing and change nothing, as written. */
  List<String> notUsed() {
    return scan.notUsed.stream()
        .filter(t -> !explainedWords.contains(t.index()))
        .map(t -> scan.words(t.index(), t.index()))
        .distinct()
        .toList();
  }
}
