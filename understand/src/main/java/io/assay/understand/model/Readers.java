package io.assay.understand.model;

import io.assay.contract.plan.Clarification;
import io.assay.contract.plan.ClarificationAnswer;
import io.assay.llm.ReadingPolicy;
import io.assay.pick.Measure;
import io.assay.pick.Pick;
import io.assay.understand.QuestionReader;
import io.assay.understand.Reading;
import io.assay.understand.rules.Describe;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The two readers behind one entry point, chosen by {@link ReadingPolicy}: the deterministic {@link
 * QuestionReader} always reads first; the {@link ModelReader} reads when the policy says so
 * (fallback: only when the deterministic reader abstains or asks; always: every question, and two
 * different Picks become a question to the person showing both readings). {@link Read#by} names the
 * reader whose reading is used; without a model this is the deterministic reader alone.
 */
public final class Readers {

  /** The clarification id of "which reading did you mean" (policy always). */
  static final String WHICH = "model-reading";

  public static final String DETERMINISTIC = "deterministic reader";
  public static final String MODEL = "model reader";

  /**
   * The reading used and where it came from.
   *
   * @param by {@link #DETERMINISTIC} or {@link #MODEL}
   * @param note what the model did, for the decision reason ("" without a model call)
   * @param model the model's reading with its costs and raw replies; null when it was not asked
   */
  public record Read(Reading reading, String by, String note, ModelReading model) {
    /**
     * The model was not there for this reading: it could not be reached, or the job's token budget
     * was spent before the call. The job then behaves as without a model.
     */
    public boolean unreachable() {
      return model != null && (model.unreachable() || model.budgetSpent());
    }
  }

  private final ModelReader model;
  private final ReadingPolicy policy;
  private final Consumer<ModelReading> replies;
  private final LongSupplier spent;

  /** Readers for one question with nothing spent before it (tools, evals, benchmarks). */
  public Readers(ModelReader model, ReadingPolicy policy, Consumer<ModelReading> replies) {
    this(model, policy, replies, () -> 0);
  }

  /**
   * @param model the model reader, or null for the deterministic reader alone
   * @param replies receives every model reading (its raw replies are the artifact kept)
   * @param spent the tokens the job's earlier model readings spent, asked before each model reading
   *     so that the budget holds for the whole job
   */
  public Readers(
      ModelReader model, ReadingPolicy policy, Consumer<ModelReading> replies, LongSupplier spent) {
    this.model = model;
    this.policy = model == null ? ReadingPolicy.OFF : policy;
    this.replies = replies == null ? r -> {} : replies;
    this.spent = spent == null ? () -> 0 : spent;
  }

  /** The readers of one job, its model readings kept in and counted from {@code log}. */
  public static Readers forJob(
      ModelReader model, ReadingPolicy policy, ReadingLog log, String jobId) {
    return new Readers(model, policy, m -> log.keep(jobId, m), () -> log.tokensSpent(jobId));
  }

  public static Readers deterministic() {
    return new Readers(null, ReadingPolicy.OFF, null);
  }

  public ReadingPolicy policy() {
    return policy;
  }

  public Read read(
      QuestionReader reader, String question, String hint, List<ClarificationAnswer> answers) {
    Reading first = reader.read(question, hint, answers);
    if (policy == ReadingPolicy.OFF) {
      return new Read(first, DETERMINISTIC, "", null);
    }
    boolean understood = first instanceof Reading.Understood;
    if (policy == ReadingPolicy.FALLBACK && understood) {
      return new Read(first, DETERMINISTIC, "", null);
    }
    ModelReading m = model.read(reader, question, hint, answers, spent.getAsLong());
    replies.accept(m);
    String costs = " (" + m.costs() + ")";
    if (m.reading() == null) {
      String why = m.jobNotice() != null ? m.problem() + "; read without the model" : m.problem();
      return new Read(first, DETERMINISTIC, "model reader: " + why + costs, m);
    }
    if (m.reading() instanceof Reading.Ambiguous a && !(first instanceof Reading.Abstained)) {
      // The deterministic question is grounded in the question's own words: it goes first.
      return new Read(
          first,
          DETERMINISTIC,
          "model reader: "
              + a.notes().get(0)
              + "; the deterministic reader's question stands"
              + costs,
          m);
    }
    if (!understood || !(m.reading() instanceof Reading.Understood mu)) {
      return new Read(m.reading(), MODEL, "model reader read it" + costs, m);
    }
    Reading.Understood du = (Reading.Understood) first;
    if (sameAnswer(du.pick(), mu.pick())) {
      return new Read(first, DETERMINISTIC, "the model reader read it the same way" + costs, m);
    }
    String chose = chosen(answers);
    if ("model".equals(chose)) {
      return new Read(mu, MODEL, "the person chose the model reader's reading" + costs, m);
    }
    if ("deterministic".equals(chose)) {
      return new Read(du, DETERMINISTIC, "the person chose the deterministic reading" + costs, m);
    }
    Clarification which =
        new Clarification(
            WHICH,
            "reading",
            "The two readers read the question differently. Which did you mean?",
            List.of(
                new Clarification.Option("deterministic", words(du.pick())),
                new Clarification.Option("model", words(mu.pick()))));
    return new Read(
        new Reading.Ambiguous(which, Set.of(), List.of(), List.of()),
        MODEL,
        "the readers disagree: deterministic "
            + words(du.pick())
            + "; model "
            + words(mu.pick())
            + costs,
        m);
  }

  private static String chosen(List<ClarificationAnswer> answers) {
    if (answers != null) {
      for (ClarificationAnswer a : answers) {
        if (WHICH.equals(a.clarificationId())) {
          return a.value();
        }
      }
    }
    return null;
  }

  /** Same measures, filters, window, grain and groupings: the same answer. */
  static boolean sameAnswer(Pick a, Pick b) {
    return a.measures().equals(b.measures())
        && filters(a).equals(filters(b))
        && java.util.Objects.equals(a.time(), b.time())
        && a.grain() == b.grain()
        && Set.copyOf(a.groupBy()).equals(Set.copyOf(b.groupBy()))
        && a.select().equals(b.select())
        && a.having().equals(b.having())
        && java.util.Objects.equals(a.limit(), b.limit());
  }

  private static Set<String> filters(Pick p) {
    Set<String> out = new TreeSet<>();
    p.filters().forEach(f -> out.add(Describe.filter(f)));
    return out;
  }

  /** A Pick in words: what is measured, per what, where, when. */
  static String words(Pick p) {
    StringBuilder sb = new StringBuilder();
    for (Measure m : p.measures()) {
      sb.append(sb.isEmpty() ? "" : " and ")
          .append(m instanceof Measure.Metric mm ? mm.metric().replace('_', ' ') : m.toString());
    }
    if (p.measures().isEmpty()) {
      sb.append("a list of ").append(p.select());
    }
    if (p.grain() != null) {
      sb.append(" by ").append(p.grain().name().toLowerCase(Locale.ROOT));
    }
    if (!p.groupBy().isEmpty()) {
      sb.append(" per ").append(p.groupBy());
    }
    for (String f : filters(p)) {
      sb.append(", where ").append(f);
    }
    if (p.time() != null) {
      sb.append(", ").append(p.time());
    }
    if (p.limit() != null) {
      sb.append(", first ").append(p.limit());
    }
    return sb.toString();
  }
}
