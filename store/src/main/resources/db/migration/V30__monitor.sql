-- Monitors (V30–V39): a finished job's question and approved plan, repeated on a cadence by a
-- Temporal Schedule whose id is 'monitor-' || id. Each run is an ordinary job whose options carry
-- monitorId. A deleted monitor keeps its row (state 'deleted') so its runs stay explained.
create table monitor (
  id             text primary key,
  owner          text not null,
  dataset        text not null,
  question       text not null,
  source_job_id  text not null references job (id),
  plan           jsonb not null,            -- the approved plan; its time windows roll at each run
  periods        integer not null check (periods between 2 and 520),
  grain          text not null,
  cadence_kind   text not null check (cadence_kind in ('cron', 'every')),
  cadence        text not null,             -- the cron expression or the interval as given
  time_zone      text not null,
  delivery       jsonb not null default '[]'::jsonb,   -- targets as given (may hold webhook secrets)
  alert_rule     text not null check (alert_rule in ('LATEST_PERIOD_FLAGGED', 'ALWAYS')),
  state          text not null check (state in ('active', 'paused', 'deleted')),
  created_at     timestamptz not null default now(),
  updated_at     timestamptz not null default now()
);
create index monitor_owner_created on monitor (owner, created_at desc);
create index job_monitor_created on job ((options ->> 'monitorId'), created_at desc)
  where options ? 'monitorId';

-- People's verdicts on a flagged interval of a job's trend scan. Every verdict is kept (the history);
-- a monitor adapts to the latest verdict per metric and interval.
create table finding_feedback (
  id             bigserial primary key,
  job_id         text not null references job (id),
  monitor_id     text references monitor (id),
  step_id        text not null,
  metric         text not null,
  interval_from  date not null,
  interval_to    date not null,
  score          double precision,
  verdict        text not null check (verdict in ('REAL_INCIDENT', 'NOT_INCIDENT', 'EXPECTED')),
  note           text not null default '',
  given_by       text not null,
  given_at       timestamptz not null default now(),
  check (interval_from <= interval_to)
);
create index finding_feedback_monitor on finding_feedback (monitor_id, given_at);
create index finding_feedback_job on finding_feedback (job_id, given_at);
