package io.assay.store;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;

import io.assay.contract.monitor.Verdict;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.sql.DataSource;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.SQLDialect;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;

/** People's verdicts on flagged intervals, every one kept with who and when. */
public class FeedbackStore {
  private static final Table<?> FEEDBACK = table(name("assay", "finding_feedback"));

  private static final Field<Long> ID = field(name("id"), SQLDataType.BIGINT);
  private static final Field<String> JOB = field(name("job_id"), SQLDataType.CLOB);
  private static final Field<String> MONITOR = field(name("monitor_id"), SQLDataType.CLOB);
  private static final Field<String> STEP = field(name("step_id"), SQLDataType.CLOB);
  private static final Field<String> METRIC = field(name("metric"), SQLDataType.CLOB);
  private static final Field<LocalDate> FROM = field(name("interval_from"), SQLDataType.LOCALDATE);
  private static final Field<LocalDate> TO = field(name("interval_to"), SQLDataType.LOCALDATE);
  private static final Field<Double> SCORE = field(name("score"), SQLDataType.DOUBLE);
  private static final Field<String> VERDICT = field(name("verdict"), SQLDataType.CLOB);
  private static final Field<String> NOTE = field(name("note"), SQLDataType.CLOB);
  private static final Field<String> BY = field(name("given_by"), SQLDataType.CLOB);
  private static final Field<OffsetDateTime> AT =
      field(name("given_at"), SQLDataType.TIMESTAMPWITHTIMEZONE);

  /** Every column, typed: a plain-SQL table's own fields are unknown (dates would read as text). */
  private static final List<Field<?>> COLUMNS =
      List.of(ID, JOB, MONITOR, STEP, METRIC, FROM, TO, SCORE, VERDICT, NOTE, BY, AT);

  private final DSLContext db;

  public FeedbackStore(DataSource admin) {
    this.db = DSL.using(admin, SQLDialect.POSTGRES);
  }

  /** Stores a verdict and returns it as stored (with its id and time). */
  public FeedbackRecord add(
      String jobId,
      String monitorId,
      String stepId,
      String metric,
      LocalDate from,
      LocalDate to,
      Double score,
      Verdict verdict,
      String note,
      String by) {
    return db.insertInto(FEEDBACK)
        .set(JOB, jobId)
        .set(MONITOR, monitorId)
        .set(STEP, stepId)
        .set(METRIC, metric)
        .set(FROM, from)
        .set(TO, to)
        .set(SCORE, score)
        .set(VERDICT, verdict.name())
        .set(NOTE, note == null ? "" : note)
        .set(BY, by)
        // A plain-SQL table has no known fields: name every column to read the row back.
        .returning(COLUMNS)
        .fetchOne(FeedbackStore::toFeedback);
  }

  /** Every verdict on a job's intervals, oldest first. */
  public List<FeedbackRecord> forJob(String jobId) {
    return db.select(COLUMNS).from(FEEDBACK).where(JOB.eq(jobId)).orderBy(ID).fetch(this::map);
  }

  /** Every verdict on the runs of a monitor, oldest first. */
  public List<FeedbackRecord> forMonitor(String monitorId) {
    return db.select(COLUMNS)
        .from(FEEDBACK)
        .where(MONITOR.eq(monitorId))
        .orderBy(ID)
        .fetch(this::map);
  }

  /**
   * The verdict that counts for each interval of a monitor's metric: the latest one given, keyed by
   * metric, then interval start and end.
   */
  public List<FeedbackRecord> latestPerInterval(String monitorId) {
    Map<String, FeedbackRecord> latest = new TreeMap<>();
    for (FeedbackRecord f : forMonitor(monitorId)) {
      latest.put(f.metric() + "|" + f.intervalFrom() + "|" + f.intervalTo(), f);
    }
    return List.copyOf(latest.values());
  }

  private FeedbackRecord map(Record r) {
    return toFeedback(r);
  }

  private static FeedbackRecord toFeedback(Record r) {
    return new FeedbackRecord(
        r.get(ID),
        r.get(JOB),
        r.get(MONITOR),
        r.get(STEP),
        r.get(METRIC),
        r.get(FROM),
        r.get(TO),
        r.get(SCORE),
        Verdict.valueOf(r.get(VERDICT)),
        r.get(NOTE),
        r.get(BY),
        r.get(AT));
  }
}
