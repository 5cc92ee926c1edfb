package io.assay.store;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.contract.monitor.AlertRule;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.JSONB;
import org.jooq.Record;
import org.jooq.SQLDialect;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;

/** Monitors in schema {@code assay}; their runs are jobs whose options name the monitor. */
public class MonitorStore {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Table<?> MONITOR = table(name("assay", "monitor"));

  private static final Field<String> ID = field(name("id"), SQLDataType.CLOB);
  private static final Field<String> OWNER = field(name("owner"), SQLDataType.CLOB);
  private static final Field<String> DATASET = field(name("dataset"), SQLDataType.CLOB);
  private static final Field<String> QUESTION = field(name("question"), SQLDataType.CLOB);
  private static final Field<String> SOURCE = field(name("source_job_id"), SQLDataType.CLOB);
  private static final Field<JSONB> PLAN = field(name("plan"), SQLDataType.JSONB);
  private static final Field<Integer> PERIODS = field(name("periods"), SQLDataType.INTEGER);
  private static final Field<String> GRAIN = field(name("grain"), SQLDataType.CLOB);
  private static final Field<String> CADENCE_KIND = field(name("cadence_kind"), SQLDataType.CLOB);
  private static final Field<String> CADENCE = field(name("cadence"), SQLDataType.CLOB);
  private static final Field<String> ZONE = field(name("time_zone"), SQLDataType.CLOB);
  private static final Field<JSONB> DELIVERY = field(name("delivery"), SQLDataType.JSONB);
  private static final Field<String> RULE = field(name("alert_rule"), SQLDataType.CLOB);
  private static final Field<String> STATE = field(name("state"), SQLDataType.CLOB);
  private static final Field<OffsetDateTime> CREATED =
      field(name("created_at"), SQLDataType.TIMESTAMPWITHTIMEZONE);
  private static final Field<OffsetDateTime> UPDATED =
      field(name("updated_at"), SQLDataType.TIMESTAMPWITHTIMEZONE);

  private final DSLContext db;

  public MonitorStore(DataSource admin) {
    this.db = DSL.using(admin, SQLDialect.POSTGRES);
  }

  /** Records a new monitor; its state is {@code active}. */
  public void create(MonitorRecord m) {
    db.insertInto(MONITOR)
        .set(ID, m.id())
        .set(OWNER, m.owner())
        .set(DATASET, m.dataset())
        .set(QUESTION, m.question())
        .set(SOURCE, m.sourceJobId())
        .set(PLAN, JSONB.valueOf(m.planJson()))
        .set(PERIODS, m.periods())
        .set(GRAIN, m.grain())
        .set(CADENCE_KIND, m.cadenceKind())
        .set(CADENCE, m.cadence())
        .set(ZONE, m.timeZone())
        .set(DELIVERY, JSONB.valueOf(write(m.delivery())))
        .set(RULE, m.alertRule().name())
        .set(STATE, "active")
        .execute();
  }

  /** Removes a monitor that never became usable (its schedule could not be created). */
  public void discard(String id) {
    db.deleteFrom(MONITOR).where(ID.eq(id)).execute();
  }

  public Optional<MonitorRecord> find(String id) {
    return db.select().from(MONITOR).where(ID.eq(id)).fetchOptional(MonitorStore::toMonitor);
  }

  /** Monitors that are not deleted, newest first; {@code owner} null for everyone's. */
  public List<MonitorRecord> list(String owner) {
    Condition c = STATE.ne("deleted");
    if (owner != null) {
      c = c.and(OWNER.eq(owner));
    }
    return db.select()
        .from(MONITOR)
        .where(c)
        .orderBy(CREATED.desc(), ID.desc())
        .fetch(MonitorStore::toMonitor);
  }

  /** Sets {@code active}, {@code paused} or {@code deleted}. */
  public void setState(String id, String state) {
    db.update(MONITOR)
        .set(STATE, state)
        .set(UPDATED, DSL.currentOffsetDateTime())
        .where(ID.eq(id))
        .execute();
  }

  private static MonitorRecord toMonitor(Record r) {
    return new MonitorRecord(
        r.get(ID),
        r.get(OWNER),
        r.get(DATASET),
        r.get(QUESTION),
        r.get(SOURCE),
        r.get(PLAN).data(),
        r.get(PERIODS),
        r.get(GRAIN),
        r.get(CADENCE_KIND),
        r.get(CADENCE),
        r.get(ZONE),
        read(r.get(DELIVERY).data()),
        AlertRule.valueOf(r.get(RULE)),
        r.get(STATE),
        r.get(CREATED),
        r.get(UPDATED));
  }

  private static String write(List<String> list) {
    try {
      return JSON.writeValueAsString(list);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static List<String> read(String json) {
    try {
      return JSON.readValue(json, new TypeReference<List<String>>() {});
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a monitor's delivery targets are not a JSON list", e);
    }
  }
}
