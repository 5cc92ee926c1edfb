package io.assay.store;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;

import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobRequest;
import io.assay.contract.job.JobState;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.JSONB;
import org.jooq.Record;
import org.jooq.SQLDialect;
import org.jooq.SortField;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;

/**
 * Jobs and their events in schema {@code assay}. Every write is idempotent so that an activity
 * retried by Temporal never duplicates a row.
 */
public class JobStore {
  private static final Table<?> JOB = table(name("assay", "job"));
  private static final Table<?> EVENT = table(name("assay", "job_event"));

  private static final Field<String> ID = field(name("id"), SQLDataType.CLOB);
  private static final Field<String> QUESTION = field(name("question"), SQLDataType.CLOB);
  private static final Field<String> DATASET = field(name("dataset"), SQLDataType.CLOB);
  private static final Field<String> OWNER = field(name("owner"), SQLDataType.CLOB);
  private static final Field<String> APPROVAL = field(name("approval_mode"), SQLDataType.CLOB);
  private static final Field<JSONB> OPTIONS = field(name("options"), SQLDataType.JSONB);
  private static final Field<String> STATE = field(name("state"), SQLDataType.CLOB);
  private static final Field<String> CURRENT_STEP = field(name("current_step"), SQLDataType.CLOB);
  private static final Field<Integer> STEPS_DONE = field(name("steps_done"), SQLDataType.INTEGER);
  private static final Field<Integer> STEPS_TOTAL = field(name("steps_total"), SQLDataType.INTEGER);
  private static final Field<String> LAST_ERROR = field(name("last_error"), SQLDataType.CLOB);
  private static final Field<JSONB> PROGRESS = field(name("progress"), SQLDataType.JSONB);
  private static final Field<OffsetDateTime> CREATED =
      field(name("created_at"), SQLDataType.TIMESTAMPWITHTIMEZONE);
  private static final Field<OffsetDateTime> UPDATED =
      field(name("updated_at"), SQLDataType.TIMESTAMPWITHTIMEZONE);
  private static final Field<OffsetDateTime> FINISHED =
      field(name("finished_at"), SQLDataType.TIMESTAMPWITHTIMEZONE);

  private static final Field<Long> EVENT_ID = field(name("id"), SQLDataType.BIGINT);
  private static final Field<String> JOB_ID = field(name("job_id"), SQLDataType.CLOB);
  private static final Field<String> EVENT_KEY = field(name("event_key"), SQLDataType.CLOB);
  private static final Field<String> TYPE = field(name("type"), SQLDataType.CLOB);
  private static final Field<JSONB> PAYLOAD = field(name("payload"), SQLDataType.JSONB);

  private final DSLContext db;

  public JobStore(DataSource admin) {
    this.db = DSL.using(admin, SQLDialect.POSTGRES);
  }

  /** Records a new job; a second call with the same id changes nothing. */
  public void create(JobRequest request, String optionsJson) {
    db.insertInto(JOB)
        .set(ID, request.jobId())
        .set(QUESTION, request.question())
        .set(DATASET, request.dataset())
        .set(OWNER, request.owner())
        .set(APPROVAL, request.approvalMode().name())
        .set(OPTIONS, JSONB.valueOf(optionsJson))
        .set(STATE, JobState.RECEIVED.name())
        .onConflict(ID)
        .doNothing()
        .execute();
  }

  /** Stores the workflow's latest progress snapshot. */
  public void updateProgress(
      String jobId,
      JobState state,
      String currentStep,
      int stepsDone,
      int stepsTotal,
      String lastError,
      String progressJson) {
    updateProgress(db, jobId, state, currentStep, stepsDone, stepsTotal, lastError, progressJson);
  }

  /** An event to append with a progress snapshot (its payload already JSON). */
  public record NewEvent(String eventKey, String type, String payloadJson) {}

  /**
   * Appends {@code events} in order (a key already stored is skipped) and stores the progress
   * snapshot, in one transaction: one database round trip per workflow transition.
   */
  public void recordTransition(
      String jobId,
      JobState state,
      String currentStep,
      int stepsDone,
      int stepsTotal,
      String lastError,
      String progressJson,
      List<NewEvent> events) {
    if (events.isEmpty()) {
      updateProgress(db, jobId, state, currentStep, stepsDone, stepsTotal, lastError, progressJson);
      return;
    }
    db.transaction(
        cfg -> {
          DSLContext tx = DSL.using(cfg);
          appendEvents(tx, jobId, events);
          updateProgress(
              tx, jobId, state, currentStep, stepsDone, stepsTotal, lastError, progressJson);
        });
  }

  /**
   * One multi-row insert for a transition's events: PostgreSQL assigns their ids in the order of
   * the rows, so the stream keeps the workflow's order; a key already stored is skipped.
   */
  private static void appendEvents(DSLContext db, String jobId, List<NewEvent> events) {
    var insert = db.insertInto(EVENT, JOB_ID, EVENT_KEY, TYPE, PAYLOAD);
    for (NewEvent e : events) {
      insert = insert.values(jobId, e.eventKey(), e.type(), JSONB.valueOf(e.payloadJson()));
    }
    insert.onConflict(EVENT_KEY).doNothing().execute();
  }

  private static void updateProgress(
      DSLContext db,
      String jobId,
      JobState state,
      String currentStep,
      int stepsDone,
      int stepsTotal,
      String lastError,
      String progressJson) {
    db.update(JOB)
        .set(STATE, state.name())
        .set(CURRENT_STEP, currentStep)
        .set(STEPS_DONE, stepsDone)
        .set(STEPS_TOTAL, stepsTotal)
        .set(LAST_ERROR, lastError)
        .set(PROGRESS, progressJson == null ? null : JSONB.valueOf(progressJson))
        .set(UPDATED, DSL.currentOffsetDateTime())
        .set(
            FINISHED,
            state.terminal() ? DSL.currentOffsetDateTime() : DSL.inline((OffsetDateTime) null))
        .where(ID.eq(jobId))
        .execute();
  }

  /** Appends an event; the key makes a retried append a no-op. Returns whether a row was added. */
  public boolean appendEvent(String jobId, String eventKey, String type, String payloadJson) {
    return appendEvent(db, jobId, eventKey, type, payloadJson);
  }

  private static boolean appendEvent(
      DSLContext db, String jobId, String eventKey, String type, String payloadJson) {
    return db.insertInto(EVENT)
            .set(JOB_ID, jobId)
            .set(EVENT_KEY, eventKey)
            .set(TYPE, type)
            .set(PAYLOAD, JSONB.valueOf(payloadJson))
            .onConflict(EVENT_KEY)
            .doNothing()
            .execute()
        == 1;
  }

  /** The job a job was resubmitted from (edit and resubmit), if any. */
  public Optional<String> resubmittedFrom(String jobId) {
    return db.select(DSL.field("{0} ->> 'resubmittedFrom'", String.class, OPTIONS))
        .from(JOB)
        .where(ID.eq(jobId))
        .fetchOptional(0, String.class);
  }

  /** The jobs resubmitted from this one, oldest first. */
  public List<String> resubmissionsOf(String jobId) {
    return db.select(ID)
        .from(JOB)
        .where(DSL.condition("{0} ->> 'resubmittedFrom' = {1}", OPTIONS, DSL.val(jobId)))
        .orderBy(CREATED)
        .fetch(ID);
  }

  /** The monitor a job is a run of, if it is one. */
  public Optional<String> monitorOf(String jobId) {
    return db.select(DSL.field("{0} ->> 'monitorId'", String.class, OPTIONS))
        .from(JOB)
        .where(ID.eq(jobId))
        .fetchOptional(0, String.class);
  }

  /** A monitor's runs, newest first, at most {@code limit}. */
  public List<JobRecord> runsOf(String monitorId, int limit) {
    return db.select()
        .from(JOB)
        .where(DSL.condition("{0} ->> 'monitorId' = {1}", OPTIONS, DSL.val(monitorId)))
        .orderBy(CREATED.desc(), ID.desc())
        .limit(limit)
        .fetch(JobStore::toJob);
  }

  public Optional<JobRecord> find(String jobId) {
    return db.select().from(JOB).where(ID.eq(jobId)).fetchOptional(JobStore::toJob);
  }

  /** Jobs newest first, filtered and paged. */
  public List<JobRecord> list(JobQuery query) {
    return db.select()
        .from(JOB)
        .where(conditions(query))
        .orderBy(order(query.sort()))
        .limit(query.pageSize())
        .offset(query.page() * query.pageSize())
        .fetch(JobStore::toJob);
  }

  /** The states of the given jobs (those that exist), without reading their progress. */
  public java.util.Map<String, JobState> states(java.util.Collection<String> ids) {
    java.util.Map<String, JobState> states = new java.util.HashMap<>();
    db.select(ID, STATE)
        .from(JOB)
        .where(ID.in(ids))
        .forEach(r -> states.put(r.get(ID), JobState.valueOf(r.get(STATE))));
    return states;
  }

  public int count(JobQuery query) {
    return db.fetchCount(JOB, conditions(query));
  }

  /** Events of a job after the given event id (0 for all), oldest first. */
  public List<JobEvent> events(String jobId, long afterId) {
    return db.select(EVENT_ID, JOB_ID, TYPE, PAYLOAD, CREATED)
        .from(EVENT)
        .where(JOB_ID.eq(jobId).and(EVENT_ID.gt(afterId)))
        .orderBy(EVENT_ID)
        .fetch(
            r ->
                new JobEvent(
                    r.get(EVENT_ID),
                    r.get(JOB_ID),
                    r.get(TYPE),
                    r.get(PAYLOAD).data(),
                    r.get(CREATED)));
  }

  /**
   * Marks jobs that were running when the process stopped as failed. Used when the Temporal service
   * is the in-process one, whose state does not survive a restart.
   */
  /**
   * Records that an operator terminated a running job's workflow (which can no longer record
   * anything itself): FAILED with the reason. A job that has already finished is left alone.
   */
  public boolean markTerminated(String jobId, String reason) {
    List<String> terminal = new ArrayList<>();
    for (JobState s : JobState.values()) {
      if (s.terminal()) {
        terminal.add(s.name());
      }
    }
    return db.update(JOB)
            .set(STATE, JobState.FAILED.name())
            .set(LAST_ERROR, reason)
            .set(UPDATED, DSL.currentOffsetDateTime())
            .set(FINISHED, DSL.currentOffsetDateTime())
            .where(ID.eq(jobId).and(STATE.notIn(terminal)))
            .execute()
        == 1;
  }

  public int failInterrupted(String reason) {
    List<String> terminal = new ArrayList<>();
    for (JobState s : JobState.values()) {
      if (s.terminal()) {
        terminal.add(s.name());
      }
    }
    return db.update(JOB)
        .set(STATE, JobState.FAILED.name())
        .set(LAST_ERROR, reason)
        .set(UPDATED, DSL.currentOffsetDateTime())
        .set(FINISHED, DSL.currentOffsetDateTime())
        .where(STATE.notIn(terminal))
        .execute();
  }

  private static Condition conditions(JobQuery query) {
    Condition c = DSL.noCondition();
    if (query.owner() != null) {
      c = c.and(OWNER.eq(query.owner()));
    }
    if (query.state() != null) {
      c = c.and(STATE.eq(query.state().name()));
    }
    if (query.search() != null && !query.search().isBlank()) {
      // Each word on its own, so "card withdrawals 1996" finds "card withdrawals in 1996".
      String[] words = query.search().strip().split("\\s+");
      for (String word : java.util.Arrays.copyOf(words, Math.min(words.length, 12))) {
        String like =
            "%" + word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
        c = c.and(QUESTION.likeIgnoreCase(like, '\\').or(ID.likeIgnoreCase(like, '\\')));
      }
    }
    if (query.submittedBy() != null && !query.submittedBy().isBlank()) {
      String like =
          "%"
              + query
                  .submittedBy()
                  .strip()
                  .replace("\\", "\\\\")
                  .replace("%", "\\%")
                  .replace("_", "\\_")
              + "%";
      c = c.and(OWNER.likeIgnoreCase(like, '\\'));
    }
    if (query.from() != null) {
      c = c.and(CREATED.ge(query.from().atStartOfDay().atOffset(ZoneOffset.UTC)));
    }
    if (query.to() != null) {
      c = c.and(CREATED.lt(query.to().plusDays(1).atStartOfDay().atOffset(ZoneOffset.UTC)));
    }
    return c;
  }

  private static List<SortField<?>> order(JobSort sort) {
    return switch (sort) {
      case OLDEST -> List.of(CREATED.asc(), ID.asc());
      case LONGEST ->
          List.of(
              DSL.field("coalesce({0}, now()) - {1}", Object.class, FINISHED, CREATED).desc(),
              CREATED.desc());
      case STATE -> List.of(STATE.asc(), CREATED.desc());
      case OWNER -> List.of(OWNER.asc(), CREATED.desc());
      case NEWEST -> List.of(CREATED.desc(), ID.desc());
    };
  }

  private static JobRecord toJob(Record r) {
    JSONB progress = r.get(PROGRESS);
    return new JobRecord(
        r.get(ID),
        r.get(QUESTION),
        r.get(DATASET),
        r.get(OWNER),
        ApprovalMode.valueOf(r.get(APPROVAL)),
        JobState.valueOf(r.get(STATE)),
        r.get(CURRENT_STEP),
        r.get(STEPS_DONE),
        r.get(STEPS_TOTAL),
        r.get(LAST_ERROR),
        progress == null ? null : progress.data(),
        r.get(CREATED),
        r.get(UPDATED),
        r.get(FINISHED));
  }
}
