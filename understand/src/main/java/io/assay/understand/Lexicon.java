package io.assay.understand;

import io.assay.pick.ColumnRef;
import io.assay.recon.CodeList;
import io.assay.recon.ColumnInfo;
import io.assay.recon.MetricDefinition;
import io.assay.recon.Recon;
import io.assay.recon.Relationship;
import io.assay.recon.TableInfo;
import io.assay.recon.text.TextNormalizer;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Every phrase the reader recognises, built once per recon: metric names and synonyms, table and
 * column names and synonyms, stored values and their declared words (from the value index and the
 * code lists), and the dataset lexicon file's additions. Matching works on stems with function
 * words skipped, so "number of crimes were committed in 1995" meets "number of crimes 1995". A
 * phrase of two or more words (other than a stored name) may skip one extra word of the question
 * ("high level credit card" meets "high level card").
 */
final class Lexicon {

  /** Which kind wins when two phrases cover the same words equally well (higher first). */
  private static int priority(Target t) {
    if (t instanceof Target.Value) {
      return 5;
    }
    if (t instanceof Target.Superlative || t instanceof Target.YearsSince) {
      return 4;
    }
    if (t instanceof Target.Metric) {
      return 3;
    }
    if (t instanceof Target.Column) {
      return 2;
    }
    return 1;
  }

  /**
   * @param gaps whether one extra question word may sit inside the phrase
   * @param written how the question must write the phrase to name the target
   * @param hint from the question's hint text (BIRD evidence): wins ties
   */
  record Entry(
      List<String> stems,
      Target target,
      boolean gaps,
      Written written,
      String phrase,
      boolean hint) {}

  /** How a question must write a phrase for it to count. */
  enum Written {
    /** In any inflection ("withdrawals", "withdrew"). */
    STEMS,
    /**
     * Word for word in any case: a name of a long list ("alaska phantom"), which an inflected word
     * must not reach ("change" is not the name "Chang").
     */
    WORDS,
    /** Exactly as stored: a one-word name that is also an English word ("Most", "JUNE"). */
    AS_STORED
  }

  private static final Set<String> COPULA = Set.of("is", "are", "was", "were", "be", "been");

  private static final Set<String> HAVING = Set.of("have", "has", "had", "having", "with");

  /** Words no phrase reaches across unless it holds them: conjunctions, "by", auxiliary "do". */
  private static final Set<String> NOT_CROSSED = Set.of("and", "or", "by", "do", "does", "did");

  private static final Set<String> RELATIVE =
      Set.of("whose", "which", "who", "whom", "that", "where", "when");

  private final Map<String, List<Entry>> byFirst = new HashMap<>();
  private final List<Entry> all = new ArrayList<>();

  /** Words that alone name a value ("male", "credit"): no other phrase may skip over them. */
  private final Set<String> valueWords = new java.util.HashSet<>();

  /**
   * Key columns: "the order with the id 5" is one phrase naming a row, which a having-word does not
   * split.
   */
  private final Set<ColumnRef> keys = new java.util.HashSet<>();

  /** Columns that refer to another table's rows ("the account's district"). */
  private final Set<ColumnRef> references = new java.util.HashSet<>();

  /** Stored values of one or two characters ("b", "pg"), lower-cased: codes, never filler. */
  private final Set<String> shortCodes = new java.util.HashSet<>();

  /** Every stem of every phrase: a word of the dataset, which no spelling rule may change. */
  private final Set<String> stems = new java.util.HashSet<>();

  /** Metrics that count rows ("customers who rented"): their phrases also name the rows. */
  private final Set<String> countMetrics = new java.util.HashSet<>();

  /** Per table, the tables each of its rows belongs to (a foreign key that is never empty). */
  private final Map<String, Set<String>> owners = new HashMap<>();

  Lexicon(Recon recon, LexiconFile file) {
    for (Relationship r : recon.relationships()) {
      boolean always =
          recon.column(r.from()).map(c -> !c.nullable()).orElse(false)
              && !r.from().table().equals(r.to().table());
      if (always) {
        owners.computeIfAbsent(r.from().table(), k -> new HashSet<>()).add(r.to().table());
      }
    }
    for (MetricDefinition m : recon.metrics()) {
      Target t = new Target.Metric(m.name(), m.table());
      if (m instanceof MetricDefinition.Aggregate a
          && (a.aggregation() == io.assay.pick.Aggregation.COUNT
              || a.aggregation() == io.assay.pick.Aggregation.COUNT_DISTINCT)) {
        countMetrics.add(m.name());
      }
      List<String> words = new ArrayList<>();
      words.add(m.name().replace('_', ' '));
      words.addAll(m.synonyms());
      words.addAll(file.synonyms().metrics().getOrDefault(m.name(), List.of()));
      words.forEach(w -> add(w, t, true));
      // "credit amount" is also said "amount of credits"
      for (String w : List.copyOf(words)) {
        String[] parts = w.strip().split("\\s+");
        if (parts.length == 2 && !Set.of("number", "count").contains(parts[0])) {
          add(parts[1] + " of " + parts[0], t, true);
        }
      }
      if (countsEveryRow(recon, m)) {
        // "loans approved", "number of clients": a count of all rows names the rows too.
        Target table = new Target.Table(m.table());
        words.forEach(w -> add(w, table, true));
      }
    }
    recon.relationships().forEach(r -> references.add(r.from()));
    for (TableInfo table : recon.tables()) {
      table.primaryKey().forEach(k -> keys.add(new ColumnRef(table.name(), k)));
      Target t = new Target.Table(table.name());
      // a table named for the tables it links ("order_item"): its name's words are the names of
      // those tables, so "orders with item X" means both of them; the link is named by its
      // synonyms only
      if (LinkTables.linkedBy(recon, table.name()).isEmpty()) {
        add(table.name(), t, true);
      }
      table.synonyms().forEach(s -> add(s, t, true));
      file.synonyms().tables().getOrDefault(table.name(), List.of()).forEach(s -> add(s, t, true));
      // phrase without its year → year → the column of that year
      Map<String, Map<Integer, ColumnRef>> byYear = new HashMap<>();
      for (ColumnInfo c : table.columns()) {
        Target ct = new Target.Column(c.ref());
        for (String name : file.columnNames(c)) {
          add(name, ct, true);
          YearNamed.of(name)
              .ifPresent(
                  y ->
                      byYear
                          .computeIfAbsent(y.phrase(), k -> new HashMap<>())
                          .putIfAbsent(y.year(), c.ref()));
        }
      }
      // "the unemployment rate above 4% in 1996": a figure kept in one column per year is named
      // by its phrase alone too; a year the question names, or a question back, picks the column
      byYear.forEach(
          (phrase, columns) -> {
            if (columns.size() >= 2) {
              columns.values().forEach(c -> add(phrase, new Target.Column(c), true));
            }
          });
    }
    Set<ColumnRef> coded = new LinkedHashSet<>();
    for (CodeList codes : recon.codeLists()) {
      coded.add(codes.column());
      for (CodeList.Code code : codes.values()) {
        Target t = new Target.Value(codes.column(), code.value(), true);
        code.words().forEach(w -> add(w, t, true));
      }
    }
    for (ColumnRef column : recon.values().columns()) {
      boolean places = places(recon.values().values(column));
      for (String value : recon.values().values(column)) {
        if (!places && English.shared().lookup(value.strip()).place()) {
          // "customers in Paris": a staff member's first name "Paris" is not what a place name
          // means; in a column of names of people a place name is left out, so that a place the
          // data lacks is reported rather than read as a person
          continue;
        }
        // One- and two-letter codes ("F", "AB") would match ordinary words; they are reachable
        // through their declared words only, as in the value index (or right after a word for
        // their column, see CodeAfterItsColumn).
        if (value.strip().length() < 3) {
          shortCodes.add(value.strip().toLowerCase(Locale.ROOT));
          continue;
        }
        Target t = new Target.Value(column, value, false);
        List<String> all = Tokenizer.stems(value);
        boolean names = recon.values().names(column);
        boolean oneCommonWord =
            all.size() == 1
                && (Words.STOP.contains(all.get(0))
                    || isCueWord(all.get(0))
                    || names && commonWord(value)
                    || describingWord(value));
        List<String> stems = oneCommonWord ? all : content(value);
        Written written = oneCommonWord ? Written.AS_STORED : names ? Written.WORDS : Written.STEMS;
        addEntry(new Entry(stems, t, false, written, value, false));
      }
    }
    file.labels()
        .forEach(
            (table, column) -> {
              ColumnRef ref = ColumnRef.parse(column);
              requireColumn(recon, ref, "label of " + table);
              if (!ref.table().equals(table)) {
                throw new IllegalStateException(
                    "lexicon: the label of " + table + " is a column of another table: " + column);
              }
            });
    for (LexiconFile.Derived d : file.derived()) {
      if (!"years_since".equals(d.kind())) {
        throw new IllegalStateException("lexicon: unknown derived kind '" + d.kind() + "'");
      }
      requireColumn(recon, d.column(), "derived " + d.name());
      Target t = new Target.YearsSince(d.name(), d.column());
      d.words().forEach(w -> add(w, t, false));
    }
    for (LexiconFile.SuperlativeDoc s : file.superlatives()) {
      requireColumn(recon, s.column(), "superlative " + s.words());
      Target t = new Target.Superlative(s.column(), s.direction());
      s.words().forEach(w -> add(w, t, false));
    }
    for (ColumnRef c : file.running()) {
      requireColumn(recon, c, "running");
    }
    for (LexiconFile.AmbiguousDoc a : file.ambiguous()) {
      for (String metric : a.metrics()) {
        MetricDefinition m =
            recon
                .metric(metric)
                .orElseThrow(
                    () ->
                        new IllegalStateException(
                            "lexicon: ambiguous word "
                                + a.words()
                                + " names unknown metric "
                                + metric));
        Target t = new Target.Metric(m.name(), m.table());
        a.words().forEach(w -> add(w, t, true));
      }
    }
    for (String w : List.of("id", "ids", "identifier", "identifiers")) {
      add(w, new Target.Identifier(), false);
    }
  }

  /** A metric counting every row of its table by the key, with no filter. */
  static boolean countsEveryRow(Recon recon, MetricDefinition m) {
    if (!(m instanceof MetricDefinition.Aggregate a)
        || a.aggregation() != io.assay.pick.Aggregation.COUNT
        || !a.filters().isEmpty()) {
      return false;
    }
    return recon
        .table(a.column().table())
        .map(t -> t.primaryKey().equals(List.of(a.column().column())))
        .orElse(false);
  }

  private static boolean isCueWord(String stem) {
    return Set.of("most", "top", "least", "over", "under", "per", "not", "each").contains(stem);
  }

  private static void requireColumn(Recon recon, ColumnRef column, String where) {
    if (recon.column(column).isEmpty()) {
      throw new IllegalStateException("lexicon: " + where + " names unknown column " + column);
    }
  }

  private void add(String phrase, Target target, boolean gaps) {
    List<String> stems = content(phrase);
    if (!stems.isEmpty()) {
      // "how many cards" must not reach over "active" in "how many active cards": a word between
      // a counting word and its noun narrows what is counted
      boolean counting = countsOrAggregates(Tokenizer.tokenize(phrase));
      addEntry(
          new Entry(
              stems, target, gaps && !counting && stems.size() >= 2, Written.STEMS, phrase, false));
    }
  }

  private void addEntry(Entry e) {
    if (e.stems().isEmpty()) {
      return;
    }
    for (Entry existing : byFirst.getOrDefault(e.stems().get(0), List.of())) {
      if (existing.stems().equals(e.stems()) && existing.target().equals(e.target())) {
        return;
      }
    }
    byFirst.computeIfAbsent(e.stems().get(0), k -> new ArrayList<>()).add(e);
    all.add(e);
    stems.addAll(e.stems());
    if (e.target() instanceof Target.Value && e.stems().size() == 1) {
      valueWords.add(e.stems().get(0));
    }
  }

  /** The stems of a phrase's words other than function words. */
  static List<String> content(String phrase) {
    return Tokenizer.tokenize(phrase).stream()
        .filter(t -> !Words.STOP.contains(t.norm()))
        .map(Token::stem)
        .toList();
  }

  /** Whether a metric counts rows. */
  boolean countsRows(String metric) {
    return countMetrics.contains(metric);
  }

  /**
   * Whether a word is a short stored code ("B" of a loan status): a letter that may mean a value,
   * so it is never set aside as a word without data meaning.
   */
  boolean shortCode(String norm) {
    return shortCodes.contains(norm);
  }

  /**
   * The question's tokens that spell the entry's whole phrase around its one content word at {@code
   * at} (first and last index), or null when the phrase is not written out.
   */
  private static int[] wholePhrase(List<Token> tokens, int at, Entry e) {
    List<Token> phrase = Tokenizer.tokenize(e.phrase());
    for (int o = 0; o < phrase.size(); o++) {
      int start = at - o;
      if (start < 0 || start + phrase.size() > tokens.size()) {
        continue;
      }
      boolean same = true;
      for (int t = 0; t < phrase.size() && same; t++) {
        same = tokens.get(start + t).norm().equals(phrase.get(t).norm());
      }
      if (same) {
        return new int[] {start, start + phrase.size() - 1};
      }
    }
    return null;
  }

  /** Whether a one-word phrase of that stem names the column's table ("loan", "films"). */
  boolean namesTable(String stem, String table) {
    for (Entry e : byFirst.getOrDefault(stem, List.of())) {
      if (e.stems().size() == 1
          && e.target() instanceof Target.Table t
          && t.table().equals(table)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether every row of {@code table} belongs to a row of {@code owner} ("a customer's payment").
   */
  boolean belongsToOne(String table, String owner) {
    return owners.getOrDefault(table, Set.of()).contains(owner);
  }

  /** Whether a stem is a word of some dataset phrase. */
  boolean knows(String stem) {
    return stems.contains(stem);
  }

  /** What a one-word phrase of the dataset names, by its stem (nothing when none). */
  List<Target> singleWord(String stem) {
    List<Target> out = new ArrayList<>();
    for (Entry e : byFirst.getOrDefault(stem, List.of())) {
      if (e.stems().size() == 1 && e.written() == Written.STEMS && !out.contains(e.target())) {
        out.add(e.target());
      }
    }
    return out;
  }

  /**
   * What a misspelt one-word phrase names: the only dataset stem one edit away (two for long
   * words), or nothing when there is none or more than one.
   */
  List<Target> misspelt(String word, String stem) {
    if (word.length() < 4 || stem.length() < 3) {
      return List.of();
    }
    int allowed = word.length() >= 8 ? 2 : 1;
    String found = null;
    for (String candidate : byFirst.keySet()) {
      if (Math.abs(candidate.length() - stem.length()) > allowed
          || candidate.length() < 3
          || singleWord(candidate).isEmpty()) {
        continue;
      }
      if (Spelling.distance(stem, candidate, allowed) <= allowed) {
        if (found != null && !found.equals(candidate)) {
          return List.of();
        }
        found = candidate;
      }
    }
    return found == null ? List.of() : singleWord(found);
  }

  /** Every entry, for the embedding index and the LLM catalog. */
  List<Entry> entries() {
    return List.copyOf(all);
  }

  /** An entry for a hint phrase, e.g. "weekly issuance" → account.frequency 'POPLATEK TYDNE'. */
  static Entry hintEntry(String phrase, Target target) {
    List<String> stems = content(phrase);
    return new Entry(stems, target, stems.size() >= 2, Written.STEMS, phrase, true);
  }

  private record Candidate(int first, int last, int matched, int gaps, Entry entry) {
    int window() {
      return last - first + 1;
    }
  }

  /**
   * The lexicon phrases in a question, longest first and not overlapping, each with all the targets
   * its words name.
   *
   * @param blocked tokens no phrase may use (dates and ranges already read as time)
   * @param yearTokens tokens of a bare year, which a phrase naming that year may take ("crimes
   *     1995"), in which case the year is no longer a time filter
   */
  /** The phrases of the question's words from first to last, matched as if the rest were absent. */
  List<Mention> matchAlone(int first, int last, String question, List<Token> tokens) {
    BitSet blocked = new BitSet();
    blocked.set(0, tokens.size());
    blocked.clear(first, last + 1);
    return match(question, tokens, blocked, List.of()).stream()
        .filter(p -> p.first() >= first && p.last() <= last)
        .toList();
  }

  List<Mention> match(String question, List<Token> tokens, BitSet blocked, List<Entry> hints) {
    return match(question, tokens, blocked, hints, new BitSet());
  }

  /** As above, with the {@code skipped} words passed over like function words. */
  List<Mention> match(
      String question, List<Token> tokens, BitSet blocked, List<Entry> hints, BitSet skipped) {
    // Blocked tokens stay in the list as barriers: no phrase reaches across a date.
    List<Integer> content = new ArrayList<>();
    for (Token t : tokens) {
      if (skipped.get(t.index()) && !blocked.get(t.index())) {
        continue;
      }
      if (!Words.STOP.contains(t.norm()) || blocked.get(t.index())) {
        content.add(t.index());
      }
    }
    Map<String, List<Entry>> hintIndex = new HashMap<>();
    for (Entry h : hints) {
      if (!h.stems().isEmpty()) {
        hintIndex.computeIfAbsent(h.stems().get(0), k -> new ArrayList<>()).add(h);
      }
    }
    List<Candidate> candidates = new ArrayList<>();
    for (int p = 0; p < content.size(); p++) {
      String stem = tokens.get(content.get(p)).stem();
      for (Map<String, List<Entry>> index : List.of(byFirst, hintIndex)) {
        for (Entry e : index.getOrDefault(stem, List.of())) {
          if (blocked.get(content.get(p))) {
            continue;
          }
          Candidate c = matchAt(question, tokens, content, p, e, blocked);
          if (c != null) {
            candidates.add(c);
          }
        }
      }
    }
    candidates.sort(
        Comparator.comparingInt((Candidate c) -> -c.window())
            .thenComparingInt(c -> -c.matched())
            .thenComparingInt(c -> c.entry().hint() ? 0 : 1)
            .thenComparingInt(c -> -priority(c.entry().target())));
    List<Mention> out = new ArrayList<>();
    BitSet taken = new BitSet();
    for (Candidate c : candidates) {
      if (taken.get(c.first(), c.last() + 1).cardinality() > 0 || givesWay(c, candidates, tokens)) {
        continue;
      }
      // Every entry covering exactly the same words joins the mention: the phrase names all of
      // them and the reader chooses by role.
      List<Target> targets = new ArrayList<>();
      for (Candidate other : candidates) {
        if (other.first() == c.first()
            && other.last() == c.last()
            && other.matched() == c.matched()
            && !targets.contains(other.entry().target())) {
          targets.add(other.entry().target());
        }
      }
      if (c.entry().hint()) {
        // A hint says what the phrase means in this question: its targets come first.
        targets.sort(Comparator.comparingInt(t -> isHintTarget(candidates, c, t) ? 0 : 1));
      }
      taken.set(c.first(), c.last() + 1);
      String text = question.substring(tokens.get(c.first()).start(), tokens.get(c.last()).end());
      out.add(new Mention(c.first(), c.last(), text, targets, false));
    }
    out.sort(Comparator.comparingInt(Mention::first));
    return out;
  }

  /**
   * The head of an English noun phrase is its last noun: in "how many card withdrawals" the phrase
   * "how many cards" ends on a word that begins the longer phrase "card withdrawals". A phrase that
   * holds a counting or aggregating word (which the cues read anyway) gives way to a phrase about
   * another table that its last word begins ("number of loans granted" stays about loans).
   */
  private static boolean givesWay(Candidate c, List<Candidate> all, List<Token> tokens) {
    if (c.entry().hint() || !countsOrAggregates(tokens.subList(c.first(), c.last() + 1))) {
      return false;
    }
    for (Candidate o : all) {
      if (o.first() > c.first()
          && o.first() <= c.last()
          && o.last() > c.last()
          && !java.util.Objects.equals(o.entry().target().table(), c.entry().target().table())) {
        return true;
      }
    }
    return false;
  }

  /** Whether words hold a counting or aggregating cue ("how many", "number of", "total"). */
  private static boolean countsOrAggregates(List<Token> words) {
    List<Token> renumbered = new ArrayList<>();
    for (Token t : words) {
      renumbered.add(
          new Token(renumbered.size(), t.norm(), t.stem(), t.start(), t.end(), t.number()));
    }
    return Words.cues(renumbered, new BitSet()).stream()
        .anyMatch(
            q ->
                q.kind() == Cue.Kind.COUNT || q.kind() == Cue.Kind.SUM || q.kind() == Cue.Kind.AVG);
  }

  /** Whether a phrase may skip this word: not a number, a date, or a word naming a value. */
  private boolean skippable(Token t, Entry e, BitSet blocked) {
    // "customers who never rented" is not "customers who rented"
    if (t.isNumber()
        || blocked.get(t.index())
        || Words.MEANING.contains(t.norm())
        || Words.CONTRAST.contains(t.norm())
        || Words.GROUPING.contains(t.norm())
        // "the store that has the largest number of rentals" is not a "store number"
        || Words.RANKING.contains(t.norm())
        || Words.RECENCY.contains(t.norm())
        || degree(t.norm())) {
      return false;
    }
    return e.target() instanceof Target.Value || !valueWords.contains(t.stem());
  }

  /**
   * The share of a column's values WordNet knows as named places above which the column holds
   * places (regions, cities, countries hold a sixth or more; names of people a few per cent).
   */
  private static final double PLACE_SHARE = 0.1;

  private static boolean places(List<String> values) {
    long places = values.stream().filter(v -> English.shared().lookup(v.strip()).place()).count();
    return places > 0 && places >= PLACE_SHARE * values.size();
  }

  /**
   * "new customers" are not customers of a product group called "New": a stored value that English
   * knows only as a describing word (never a noun) means the data's value when written as stored,
   * and otherwise the ordinary word.
   */
  private static boolean describingWord(String value) {
    English.WordSense sense = English.shared().lookup(value.strip());
    return sense.known()
        && !sense.can(English.PartOfSpeech.NOUN)
        && sense.dominant() == English.PartOfSpeech.ADJECTIVE;
  }

  /**
   * Whether a stored name is also an English word of its own ("JUNE", "LONG", "PRICE"), not only
   * the name of a place or person ("London").
   */
  private static boolean commonWord(String value) {
    English.WordSense sense = English.shared().lookup(value.strip());
    return sense.known() && !sense.named();
  }

  /** "oldest", "longer": a degree of comparison ranks or compares; no phrase skips it. */
  private static boolean degree(String word) {
    if (!word.endsWith("est") && !word.endsWith("er")) {
      return false;
    }
    English.WordSense sense = English.shared().lookup(word);
    return sense.known() && UnexplainedWords.comparative(word, sense);
  }

  private static boolean isHintTarget(List<Candidate> all, Candidate c, Target t) {
    return all.stream()
        .anyMatch(
            o ->
                o.first() == c.first()
                    && o.last() == c.last()
                    && o.entry().hint()
                    && o.entry().target().equals(t));
  }

  private Candidate matchAt(
      String question, List<Token> tokens, List<Integer> content, int p, Entry e, BitSet blocked) {
    List<String> stems = e.stems();
    int gapsAllowed = e.gaps() ? 1 : 0;
    int gaps = 0;
    int q = p;
    for (int k = 0; k < stems.size(); k++) {
      if (k > 0) {
        q++;
        while (q < content.size()
            && !tokens.get(content.get(q)).stem().equals(stems.get(k))
            && gaps < gapsAllowed
            && skippable(tokens.get(content.get(q)), e, blocked)) {
          gaps++;
          q++;
        }
      }
      if (q >= content.size()
          || blocked.get(content.get(q))
          || !tokens.get(content.get(q)).stem().equals(stems.get(k))) {
        return null;
      }
    }
    // a stored name may hold punctuation itself ("Hl.m. Praha")
    boolean punctuatedName =
        e.target() instanceof Target.Value && e.phrase().matches("(?s).*[,;:.!?()].*");
    // a comma, semicolon or sentence end between two words ends a phrase
    if (!punctuatedName
        && Token.punctuationBetween(
            question, tokens.get(content.get(p)), tokens.get(content.get(q)))) {
      return null;
    }
    int first = content.get(p);
    int last = content.get(q);
    // "accounts whose district": a relative word opens a clause; no phrase reaches across it
    for (int i = first + 1; i < last; i++) {
      if (RELATIVE.contains(tokens.get(i).norm())) {
        return null;
      }
    }
    // "gold and junior cards" is two things joined, not "gold cards" around another word,
    // "cards by card type" is cards grouped by their type, and "rentals did the store with id 2"
    // is rentals and then what a store did: no phrase reaches across a conjunction, a "by" or an
    // auxiliary "do" it does not hold itself
    String phrase = " " + e.phrase().toLowerCase() + " ";
    for (int i = first + 1; i < last; i++) {
      String w = tokens.get(i).norm();
      if (NOT_CROSSED.contains(w) && !phrase.contains(" " + w + " ")) {
        return null;
      }
    }
    // "how many have a loan": "how many" does not reach across a have-word or copula right after
    // it; what is counted was named before the count
    if (tokens.get(first).norm().equals("how")
        && first + 2 < last
        && (COPULA.contains(tokens.get(first + 2).norm())
            || HAVING.contains(tokens.get(first + 2).norm()))) {
      return null;
    }
    // "loans have payments between …" is loans and their payments, never the value named "loan
    // payment": a value's words do not reach across a have-word or copula they do not hold
    if (e.target() instanceof Target.Value) {
      for (int i = first + 1; i < last; i++) {
        String w = tokens.get(i).norm();
        if ((COPULA.contains(w) || HAVING.contains(w)) && !phrase.contains(" " + w + " ")) {
          return null;
        }
      }
    }
    // "loans are in status D": the rows, then what they are. A column's phrase opening on its
    // rows' noun ("loan status") does not reach across a copula or "in" ("loans in status D"),
    // which would swallow that noun
    // (the loans counted) into the column's name
    String table =
        e.target() instanceof Target.Column c
            ? c.column().table()
            : e.target() instanceof Target.Metric m ? m.table() : null;
    if (table != null && namesTable(tokens.get(first).stem(), table)) {
      for (int i = first + 1; i < last; i++) {
        String w = tokens.get(i).norm();
        // "accounts in the district" still names the accounts' district (a reference)
        boolean in =
            w.equals("in")
                && !(e.target() instanceof Target.Column r && references.contains(r.column()));
        boolean having =
            (HAVING.contains(w) || in)
                && !(e.target() instanceof Target.Column k && keys.contains(k.column()));
        if ((COPULA.contains(w) || having) && !phrase.contains(" " + w + " ")) {
          return null;
        }
      }
    }
    // Function words may sit between a phrase's words, but not without limit.
    if (last - first + 1 > 2 * (stems.size() + gaps) + 1) {
      return null;
    }
    if (e.target() instanceof Target.Value
        && e.stems().size() == 1
        && Tokenizer.tokenize(e.phrase()).size() > 1) {
      // "up to date" keeps one content word, "date": it names its value only as the whole
      // phrase, never as the word alone ("the earliest date an account was opened")
      int[] span = wholePhrase(tokens, first, e);
      if (span == null) {
        return null;
      }
      return new Candidate(span[0], span[1], 1, 0, e);
    }
    String written = question.substring(tokens.get(first).start(), tokens.get(last).end());
    if (e.written() == Written.AS_STORED && !written.equals(e.phrase())
        || e.written() == Written.WORDS
            && !TextNormalizer.normalize(written).equals(TextNormalizer.normalize(e.phrase()))) {
      return null;
    }
    return new Candidate(first, last, stems.size(), gaps, e);
  }
}
