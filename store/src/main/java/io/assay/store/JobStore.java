package io.assay.store;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;

import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobRequest;
import io.assay.contract.job.JobState;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
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
import org.jooq.conf.Settings;
import org.jooq.exception.DataAccessException;
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

  /**
   * The writes every job makes many times (its events and snapshots) are fixed statements run
   * through JDBC: building and rendering a jOOQ query per write cost more CPU than the database's
   * work on it.
   */
  private static final String INSERT_EVENT =
      "insert into assay.job_event (job_id, event_key, type, payload)"
          + " values (?, ?, ?, cast(? as jsonb)) on conflict (event_key) do nothing";

  private static final String UPDATE_PROGRESS =
      "update assay.job set state = ?, current_step = ?, steps_done = ?, steps_total = ?,"
          + " last_error = ?, progress = cast(? as jsonb), updated_at = now(),"
          + " finished_at = case when ? then now() else null end where id = ?";

  private final DataSource dataSource;
  private final DSLContext db;

  public JobStore(DataSource admin) {
    this.dataSource = admin;
    this.db = DSL.using(admin, SQLDialect.POSTGRES, new Settings().withExecuteLogging(false));
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
    try (Connection c = dataSource.getConnection()) {
      updateProgress(c, jobId, state, currentStep, stepsDone, stepsTotal, lastError, progressJson);
    } catch (SQLException e) {
      throw new DataAccessException("storing the progress of " + jobId + " failed", e);
    }
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
    try (Connection c = dataSource.getConnection()) {
      if (events.isEmpty()) {
        updateProgress(
            c, jobId, state, currentStep, stepsDone, stepsTotal, lastError, progressJson);
        return;
      }
      c.setAutoCommit(false);
      try {
        appendEvents(c, jobId, events);
        updateProgress(
            c, jobId, state, currentStep, stepsDone, stepsTotal, lastError, progressJson);
        c.commit();
      } catch (SQLException | RuntimeException e) {
        c.rollback();
        throw e;
      } finally {
        c.setAutoCommit(true);
      }
    } catch (SQLException e) {
      throw new DataAccessException("storing a transition of " + jobId + " failed", e);
    }
  }

  /**
   * The transition's events as one JDBC batch, in order: ids follow the workflow's order, and a key
   * already stored (a retried write) is skipped.
   */
  private static void appendEvents(Connection c, String jobId, List<NewEvent> events)
      throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(INSERT_EVENT)) {
      for (NewEvent e : events) {
        ps.setString(1, jobId);
        ps.setString(2, e.eventKey());
        ps.setString(3, e.type());
        ps.setString(4, e.payloadJson());
        ps.addBatch();
      }
      ps.executeBatch();
    }
  }

  private static void updateProgress(
      Connection c,
      String jobId,
      JobState state,
      String currentStep,
      int stepsDone,
      int stepsTotal,
      String lastError,
      String progressJson)
      throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(UPDATE_PROGRESS)) {
      ps.setString(1, state.name());
      ps.setString(2, currentStep);
      ps.setInt(3, stepsDone);
      ps.setInt(4, stepsTotal);
      ps.setString(5, lastError);
      ps.setString(6, progressJson);
      ps.setBoolean(7, state.terminal());
      ps.setString(8, jobId);
      ps.executeUpdate();
    }
  }

  /** Appends an event; the key makes a retried append a no-op. Returns whether a row was added. */
  public boolean appendEvent(String jobId, String eventKey, String type, String payloadJson) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement ps = c.prepareStatement(INSERT_EVENT)) {
      ps.setString(1, jobId);
      ps.setString(2, eventKey);
      ps.setString(3, type);
      ps.setString(4, payloadJson);
      return ps.executeUpdate() == 1;
    } catch (SQLException e) {
      throw new DataAccessException("appending event " + eventKey + " failed", e);
    }
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

  /** The job's events of one type, oldest first. */
  public List<JobEvent> eventsOfType(String jobId, String type) {
    return db.select(EVENT_ID, JOB_ID, TYPE, PAYLOAD, CREATED)
        .from(EVENT)
        .where(JOB_ID.eq(jobId).and(TYPE.eq(type)))
        .orderBy(EVENT_ID)
        .fetch(JobStore::event);
  }

  /** Events of a job after the given event id (0 for all), oldest first. */
  public List<JobEvent> events(String jobId, long afterId) {
    return db.select(EVENT_ID, JOB_ID, TYPE, PAYLOAD, CREATED)
        .from(EVENT)
        .where(JOB_ID.eq(jobId).and(EVENT_ID.gt(afterId)))
        .orderBy(EVENT_ID)
        .fetch(JobStore::event);
  }

  private static JobEvent event(Record r) {
    return new JobEvent(
        r.get(EVENT_ID), r.get(JOB_ID), r.get(TYPE), r.get(PAYLOAD).data(), r.get(CREATED));
  }

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

  /**
   * Marks jobs that were running when the process stopped as failed. Used when the Temporal service
   * is the in-process one, whose state does not survive a restart.
   */
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
