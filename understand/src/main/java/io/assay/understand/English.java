package io.assay.understand;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import net.sf.extjwnl.JWNLException;
import net.sf.extjwnl.data.IndexWord;
import net.sf.extjwnl.data.POS;
import net.sf.extjwnl.data.Pointer;
import net.sf.extjwnl.data.PointerType;
import net.sf.extjwnl.data.Synset;
import net.sf.extjwnl.data.Word;
import net.sf.extjwnl.dictionary.Dictionary;

/**
 * General English from WordNet 3.1 (extjwnl with its bundled data): which parts of speech a word
 * can be, which one it mostly is, its base forms and its synonyms. The reader asks only about words
 * the dataset's own vocabulary did not explain, so this never decides what data a question names;
 * it tells a verb of asking ("placed", "pull") from a noun that may name something, and offers a
 * synonym ("earns" → wage) that the dataset's words may know. Loaded once per JVM; answers cached.
 */
public final class English {

  /** The parts of speech WordNet knows. */
  public enum PartOfSpeech {
    NOUN,
    VERB,
    ADJECTIVE,
    ADVERB
  }

  /**
   * What WordNet says about one written word.
   *
   * @param parts every part of speech the word can be (empty: not an English word WordNet knows)
   * @param dominant the part of speech of its most used senses (null when unknown)
   * @param lemmas its base forms ("withdrawals" → withdrawal)
   * @param synonyms one-word synonyms from the word's most common senses, most common first
   * @param classes WordNet's lexicographer classes of the dominant part of speech's most common
   *     senses ("noun.quantity", "verb.change")
   * @param events nouns naming the act of a verb's most common senses ("withdrew" → withdrawal,
   *     "spent" → spending), never the person doing it ("spender")
   * @param named the word is a noun whose most common sense is one named place, person or thing
   *     ("London", "Paris"), not a kind of thing
   * @param place that named thing is a place ("London", "Texas")
   */
  public record WordSense(
      Set<PartOfSpeech> parts,
      PartOfSpeech dominant,
      Set<String> lemmas,
      List<String> synonyms,
      Set<String> classes,
      List<String> events,
      boolean named,
      boolean place) {

    public boolean known() {
      return !parts.isEmpty();
    }

    public boolean can(PartOfSpeech p) {
      return parts.contains(p);
    }
  }

  /** Senses per part of speech whose synonyms count: later senses are rarely what is meant. */
  private static final int SENSES = 2;

  /** Verb senses whose nouns of the act count: rarer senses name other acts ("rent" a garment). */
  private static final int EVENT_SENSES = 3;

  private static final WordSense UNKNOWN =
      new WordSense(Set.of(), null, Set.of(), List.of(), Set.of(), List.of(), false, false);

  private static volatile English shared;

  private final Dictionary dictionary;
  private final Map<String, WordSense> cache = new ConcurrentHashMap<>();
  private final Map<String, String> corrections = new ConcurrentHashMap<>();

  /**
   * How much more used the best correction must be than the next ("avrage": average, not another
   * word).
   */
  private static final int CLEAR_LEAD = 3;

  private English(Dictionary dictionary) {
    this.dictionary = dictionary;
  }

  /** The JVM's one instance, loaded on first use (about a second, ~50 MB of heap). */
  public static English shared() {
    English e = shared;
    if (e == null) {
      synchronized (English.class) {
        e = shared;
        if (e == null) {
          try {
            e = new English(Dictionary.getDefaultResourceInstance());
          } catch (JWNLException ex) {
            throw new IllegalStateException("cannot load WordNet: " + ex.getMessage(), ex);
          }
          shared = e;
        }
      }
    }
    return e;
  }

  /** What WordNet says about a word (lower case, any inflection). */
  public WordSense lookup(String word) {
    String w = word.toLowerCase(Locale.ROOT).strip();
    if (w.isEmpty() || !w.chars().allMatch(c -> Character.isLetter(c) || c == '-')) {
      return UNKNOWN;
    }
    return cache.computeIfAbsent(w, this::read);
  }

  /**
   * The English word one slip of the keyboard away from a word WordNet does not know ("avrage" →
   * average, "recieve" → receive): the most used of the words one insertion, deletion, swap or
   * substitution away, when it is used clearly more than the next; null when there is none. Only
   * for words of four letters or more, which leaves short names and codes alone.
   */
  public String correction(String word) {
    String w = word.toLowerCase(Locale.ROOT).strip();
    if (w.length() < 4 || !w.chars().allMatch(c -> c >= 'a' && c <= 'z') || lookup(w).known()) {
      return null;
    }
    String c = corrections.computeIfAbsent(w, this::correct);
    return c.isEmpty() ? null : c;
  }

  private String correct(String w) {
    String best = "";
    int bestUse = 0;
    int secondUse = 0;
    for (String candidate : Spelling.oneEditAway(w)) {
      int use = useCount(candidate);
      if (use > bestUse) {
        secondUse = bestUse;
        bestUse = use;
        best = candidate;
      } else if (use > secondUse) {
        secondUse = use;
      }
    }
    return bestUse > 0 && bestUse >= CLEAR_LEAD * Math.max(secondUse, 1) ? best : "";
  }

  /** How often WordNet's tagged texts use a word in any sense (0 when unknown or untagged). */
  private synchronized int useCount(String word) {
    int count = 0;
    try {
      for (IndexWord iw : dictionary.lookupAllIndexWords(word).getIndexWordArray()) {
        for (Synset s : iw.getSenses()) {
          for (Word x : s.getWords()) {
            if (x.getLemma().equalsIgnoreCase(iw.getLemma())) {
              count += Math.max(x.getUseCount(), 0);
            }
          }
        }
      }
    } catch (JWNLException e) {
      return 0;
    }
    return count;
  }

  /**
   * The nouns an adjective is a value of, for its most common senses ("longer" → length, "older" →
   * age): what a comparison with it compares.
   */
  public synchronized List<String> attributes(String word) {
    List<String> out = new ArrayList<>();
    try {
      for (IndexWord iw : dictionary.lookupAllIndexWords(word).getIndexWordArray()) {
        if (iw.getPOS() != POS.ADJECTIVE) {
          continue;
        }
        int sense = 0;
        for (Synset s : iw.getSenses()) {
          if (sense++ >= SENSES) {
            break;
          }
          for (Pointer ptr : s.getPointers(PointerType.ATTRIBUTE)) {
            for (Word w : ptr.getTargetSynset().getWords()) {
              String lemma = w.getLemma().toLowerCase(Locale.ROOT);
              if (lemma.indexOf(' ') < 0 && !out.contains(lemma)) {
                out.add(lemma);
              }
            }
          }
        }
      }
    } catch (JWNLException e) {
      return List.of();
    }
    return out;
  }

  // The dictionary reads its files lazily and is not safe for concurrent lookups.
  private synchronized WordSense read(String word) {
    Set<PartOfSpeech> parts = EnumSet.noneOf(PartOfSpeech.class);
    Map<PartOfSpeech, Integer> use = new EnumMap<>(PartOfSpeech.class);
    Map<PartOfSpeech, Set<String>> classes = new EnumMap<>(PartOfSpeech.class);
    Set<String> lemmas = new LinkedHashSet<>();
    List<String> synonyms = new ArrayList<>();
    List<String> events = new ArrayList<>();
    boolean named = false;
    boolean place = false;
    try {
      for (IndexWord iw : dictionary.lookupAllIndexWords(word).getIndexWordArray()) {
        PartOfSpeech p = part(iw.getPOS());
        parts.add(p);
        lemmas.add(iw.getLemma());
        int count = 0;
        int sense = 0;
        for (Synset s : iw.getSenses()) {
          if (p == PartOfSpeech.NOUN && sense == 0) {
            named = !s.getPointers(PointerType.INSTANCE_HYPERNYM).isEmpty();
            place = named && "noun.location".equals(s.getLexFileName());
          }
          if (sense < SENSES) {
            classes.computeIfAbsent(p, k -> new LinkedHashSet<>()).add(s.getLexFileName());
          }
          if (p == PartOfSpeech.VERB && sense < EVENT_SENSES) {
            events(s, iw.getLemma(), events);
          }
          for (Word x : s.getWords()) {
            if (x.getLemma().equalsIgnoreCase(iw.getLemma())) {
              count += x.getUseCount();
            } else if (sense < SENSES
                && x.getLemma().indexOf(' ') < 0
                && !synonyms.contains(x.getLemma().toLowerCase(Locale.ROOT))) {
              synonyms.add(x.getLemma().toLowerCase(Locale.ROOT));
            }
          }
          sense++;
        }
        // a sense WordNet lists without a tagged count still says the word is used that way
        use.merge(p, Math.max(count, 0) * 10 + 1, Integer::sum);
      }
    } catch (JWNLException e) {
      return UNKNOWN;
    }
    if (parts.isEmpty()) {
      return UNKNOWN;
    }
    PartOfSpeech dominant =
        use.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).get();
    return new WordSense(
        Set.copyOf(parts),
        dominant,
        Set.copyOf(lemmas),
        List.copyOf(synonyms),
        Set.copyOf(classes.getOrDefault(dominant, Set.of())),
        List.copyOf(events),
        named && dominant == PartOfSpeech.NOUN,
        place && dominant == PartOfSpeech.NOUN);
  }

  /** The nouns derived from a verb's word in one sense that name an act, not a person. */
  private static void events(Synset s, String lemma, List<String> into) throws JWNLException {
    for (Word x : s.getWords()) {
      if (!x.getLemma().equalsIgnoreCase(lemma)) {
        continue;
      }
      for (Pointer ptr : x.getPointers(PointerType.DERIVATION)) {
        if (ptr.getTarget() instanceof Word t
            && t.getPOS() == POS.NOUN
            && !"noun.person".equals(t.getSynset().getLexFileName())
            && t.getLemma().indexOf(' ') < 0
            && !into.contains(t.getLemma().toLowerCase(Locale.ROOT))) {
          into.add(t.getLemma().toLowerCase(Locale.ROOT));
        }
      }
    }
  }

  private static PartOfSpeech part(POS pos) {
    return switch (pos) {
      case NOUN -> PartOfSpeech.NOUN;
      case VERB -> PartOfSpeech.VERB;
      case ADJECTIVE -> PartOfSpeech.ADJECTIVE;
      case ADVERB -> PartOfSpeech.ADVERB;
    };
  }
}
