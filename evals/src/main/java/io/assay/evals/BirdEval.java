package io.assay.evals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.assay.pick.PickJson;
import io.assay.pick.PickValidationError;
import io.assay.recon.Recon;
import io.assay.recon.compose.ComposedQuery;
import io.assay.recon.compose.Composer;
import io.assay.recon.execute.CancelHandle;
import io.assay.recon.execute.QueryResult;
import io.assay.recon.execute.SqlExecutionException;
import io.assay.recon.execute.SqlExecutor;
import io.assay.understand.QuestionReader;
import io.assay.understand.Reading;
import io.assay.understand.model.Readers;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.sql.DataSource;

/**
 * {@code ./assay eval bird FILE [--json]}: for each question of a BIRD file, understand it without
 * an LLM (question + evidence → Pick, or an abstention), compose and execute the Pick on the
 * read-only role, run the gold SQL on the same warehouse, and compare the SETS of rows (row order
 * and duplicates ignored, column order kept, numbers within a relative 1e-5). A question the reader
 * abstains on, or that asks for an analysis rather than one answer, counts as abstained — a wrong
 * answer is worse than an abstention.
 */
public final class BirdEval {

  public enum Outcome {
    CORRECT,
    WRONG,
    ABSTAINED;

    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * One question's outcome. {@code pick}/{@code sql} are null when the reader abstained; the
   * previews (first rows of the composed and the gold result) are kept for a wrong answer only.
   */
  public record Result(
      int questionId,
      String question,
      Outcome outcome,
      String reason,
      List<String> notUsed,
      String pick,
      String sql,
      int rows,
      int goldRows,
      String rowsPreview,
      String goldPreview,
      long understandMillis) {

    public Result {
      notUsed = List.copyOf(notUsed);
    }

    Result(
        int questionId,
        String question,
        Outcome outcome,
        String reason,
        List<String> notUsed,
        String pick,
        String sql,
        int rows,
        int goldRows,
        long understandMillis) {
      this(
          questionId,
          question,
          outcome,
          reason,
          notUsed,
          pick,
          sql,
          rows,
          goldRows,
          null,
          null,
          understandMillis);
    }
  }

  private static final int PREVIEW_ROWS = 5;

  public record Summary(int correct, int wrong, int abstained, List<Result> questions) {
    public int total() {
      return questions.size();
    }
  }

  private static final int ROW_CAP = 500_000;

  private final QuestionReader reader;
  private final Recon recon;
  private final SqlExecutor executor;
  private final Readers readers;

  /**
   * @param readerDataSource connections as the read-only role, with search_path {@code financial}
   *     (the gold SQL names tables without a schema)
   */
  public BirdEval(QuestionReader reader, DataSource readerDataSource) {
    this(reader, readerDataSource, Readers.deterministic());
  }

  /**
   * @param readers the readers a job uses ({@code --llm}: with the configured model reader)
   */
  public BirdEval(QuestionReader reader, DataSource readerDataSource, Readers readers) {
    this.reader = reader;
    this.recon = reader.recon();
    this.executor = new SqlExecutor(readerDataSource, Duration.ofSeconds(120), ROW_CAP);
    this.readers = readers;
  }

  /**
   * As {@link #run(String[], PrintStream, PrintStream, QuestionReader, DataSource)}; {@code --llm}
   * reads through {@code withModel} (the model reader as jobs use it), which is null when no model
   * is configured.
   */
  public static int run(
      String[] args,
      PrintStream out,
      PrintStream err,
      QuestionReader reader,
      DataSource readerDataSource,
      java.util.function.Supplier<Readers> withModel) {
    List<String> rest = new ArrayList<>(List.of(args));
    if (!rest.remove("--llm")) {
      return run(args, out, err, reader, readerDataSource);
    }
    Readers readers = withModel.get();
    if (readers == null) {
      err.println(
          "--llm needs a model: set assay.llm.provider, assay.llm.model and assay.llm.base-url");
      return 2;
    }
    return run(rest.toArray(String[]::new), out, err, reader, readerDataSource, readers);
  }

  /**
   * The CLI entry: {@code args} are what follows {@code eval bird}: {@code FILE [--json]}. Prints
   * each question's outcome then the totals, or with {@code --json} exactly one JSON object {@code
   * {"correct":N,"wrong":N,"abstained":N,"total":N,"questions":[…]}}.
   *
   * @return 0 when the eval ran, 2 for a usage error or an unreadable file (message on {@code err})
   */
  public static int run(
      String[] args,
      PrintStream out,
      PrintStream err,
      QuestionReader reader,
      DataSource readerDataSource) {
    return run(args, out, err, reader, readerDataSource, Readers.deterministic());
  }

  private static int run(
      String[] args,
      PrintStream out,
      PrintStream err,
      QuestionReader reader,
      DataSource readerDataSource,
      Readers readers) {
    String file = null;
    boolean json = false;
    for (String a : args) {
      if (a.equals("--json")) {
        json = true;
      } else if (a.startsWith("-")) {
        err.println("unknown option " + a + "; usage: assay eval bird FILE [--json]");
        return 2;
      } else if (file == null) {
        file = a;
      } else {
        err.println("one FILE only; usage: assay eval bird FILE [--json]");
        return 2;
      }
    }
    if (file == null) {
      err.println(
          "usage: assay eval bird FILE [--json]  (FILE: a JSON array of BIRD questions"
              + " with question_id, question, evidence, gold_sql_postgres)");
      return 2;
    }
    Path path = Path.of(file);
    if (!Files.isReadable(path)) {
      err.println("cannot read " + path.toAbsolutePath());
      return 2;
    }
    List<BirdQuestion> questions;
    try {
      questions = BirdQuestion.read(path);
    } catch (IOException | IllegalArgumentException e) {
      err.println(e.getMessage());
      return 2;
    }
    BirdEval eval = new BirdEval(reader, readerDataSource, readers);
    Summary summary = eval.run(questions, json ? null : out);
    if (json) {
      out.println(toJson(summary));
    } else {
      out.printf(
          "correct %d / wrong %d / abstained %d of %d%n",
          summary.correct(), summary.wrong(), summary.abstained(), summary.total());
    }
    return 0;
  }

  /** Runs every question; prints each outcome to {@code progress} when it is not null. */
  public Summary run(List<BirdQuestion> questions, PrintStream progress) {
    List<Result> results = new ArrayList<>();
    int correct = 0;
    int wrong = 0;
    int abstained = 0;
    for (BirdQuestion q : questions) {
      Result r = evaluate(q);
      results.add(r);
      switch (r.outcome()) {
        case CORRECT -> correct++;
        case WRONG -> wrong++;
        case ABSTAINED -> abstained++;
      }
      if (progress != null) {
        progress.printf("%-9s %4d  %s%n", r.outcome().label(), r.questionId(), r.question());
        if (r.outcome() != Outcome.CORRECT) {
          progress.printf("               %s%n", r.reason());
        }
      }
    }
    return new Summary(correct, wrong, abstained, List.copyOf(results));
  }

  /** One question: understand, compose, execute, compare. */
  public Result evaluate(BirdQuestion q) {
    long start = System.nanoTime();
    Reading reading = readers.read(reader, q.question(), q.evidence(), List.of()).reading();
    Attempt t = new Attempt(q, reading.notUsed(), (System.nanoTime() - start) / 1_000_000);
    if (reading instanceof Reading.Abstained a) {
      return t.abstained(a.reason(), null);
    }
    if (reading instanceof Reading.Ambiguous a) {
      return t.abstained("needs a clarification: " + a.clarification().question(), null);
    }
    Reading.Understood u = (Reading.Understood) reading;
    String pickJson = PickJson.write(u.pick());
    if (!u.analyses().isEmpty()) {
      return t.abstained("asks for an analysis (" + u.analyses() + "), not one answer", pickJson);
    }
    ComposedQuery composed;
    try {
      composed = Composer.compose(u.pick(), recon);
    } catch (PickValidationError e) {
      return t.abstained("the Pick does not compose: " + e.getMessage(), pickJson);
    }
    return executeAndCompare(t, u, pickJson, composed);
  }

  /** One question's reading so far: what every result of it carries. */
  private record Attempt(BirdQuestion q, List<String> notUsed, long millis) {
    Result abstained(String reason, String pickJson) {
      return new Result(
          q.questionId(),
          q.question(),
          Outcome.ABSTAINED,
          reason,
          notUsed,
          pickJson,
          null,
          0,
          0,
          millis);
    }

    Result failed(String reason, String pickJson, String sql, int goldRows) {
      return new Result(
          q.questionId(),
          q.question(),
          Outcome.WRONG,
          reason,
          notUsed,
          pickJson,
          sql,
          0,
          goldRows,
          millis);
    }
  }

  /** Runs the gold and the composed query and compares their row sets as BIRD does. */
  private Result executeAndCompare(
      Attempt t, Reading.Understood u, String pickJson, ComposedQuery composed) {
    RowSet gold;
    try {
      gold = RowSet.of(executor.execute(t.q().goldSql(), List.of(), new CancelHandle()));
    } catch (SqlExecutionException e) {
      return t.failed("the gold SQL failed: " + e.getMessage(), pickJson, composed.inlinedSql(), 0);
    }
    QueryResult mine;
    try {
      mine = executor.execute(composed);
    } catch (SqlExecutionException e) {
      return t.failed(
          "the composed SQL failed: " + e.getMessage(),
          pickJson,
          composed.inlinedSql(),
          gold.rows().size());
    }
    RowSet answer = RowSet.of(mine);
    boolean same = answer.sameAs(gold);
    String reason =
        same
            ? String.join("; ", u.notes())
            : "expected "
                + gold.rows().size()
                + " row(s) of "
                + gold.columns()
                + " column(s) "
                + gold.preview(3)
                + ", got "
                + answer.rows().size()
                + " row(s) of "
                + answer.columns()
                + " column(s) "
                + answer.preview(3)
                + " — read as: "
                + String.join("; ", u.notes());
    return new Result(
        t.q().questionId(),
        t.q().question(),
        same ? Outcome.CORRECT : Outcome.WRONG,
        reason,
        t.notUsed(),
        pickJson,
        composed.inlinedSql(),
        answer.rows().size(),
        gold.rows().size(),
        same ? null : answer.preview(PREVIEW_ROWS),
        same ? null : gold.preview(PREVIEW_ROWS),
        t.millis());
  }

  /** The summary as one JSON object. */
  public static String toJson(Summary s) {
    ObjectMapper mapper = new ObjectMapper().disable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode root = mapper.createObjectNode();
    root.put("correct", s.correct());
    root.put("wrong", s.wrong());
    root.put("abstained", s.abstained());
    root.put("total", s.total());
    ArrayNode qs = root.putArray("questions");
    for (Result r : s.questions()) {
      ObjectNode q = qs.addObject();
      q.put("question_id", r.questionId());
      q.put("question", r.question());
      q.put("outcome", r.outcome().label());
      q.put("reason", r.reason());
      ArrayNode unused = q.putArray("words_not_used");
      r.notUsed().forEach(unused::add);
      if (r.pick() != null) {
        try {
          q.set("pick", mapper.readTree(r.pick()));
        } catch (IOException e) {
          q.put("pick", r.pick());
        }
      }
      if (r.sql() != null) {
        q.put("sql", r.sql());
        q.put("rows", r.rows());
        q.put("gold_rows", r.goldRows());
      }
      if (r.rowsPreview() != null) {
        q.put("first_rows", r.rowsPreview());
        q.put("gold_first_rows", r.goldPreview());
      }
      q.put("understand_ms", r.understandMillis());
    }
    return root.toString();
  }
}
