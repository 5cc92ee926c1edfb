-- Jobs, their steps and their event stream. The Temporal test server cannot list executions and the UI
-- must not depend on visibility queries, so PostgreSQL is the source for listings and history views.
create table job (
  id            text primary key,          -- also the Temporal workflow id
  question      text not null,
  dataset       text not null,
  owner         text not null,
  approval_mode text not null,
  options       jsonb not null default '{}'::jsonb,
  state         text not null,
  current_step  text,
  steps_done    integer not null default 0,
  steps_total   integer not null default 0,
  last_error    text,
  progress      jsonb,                     -- last progress snapshot written by the workflow
  created_at    timestamptz not null default now(),
  updated_at    timestamptz not null default now(),
  finished_at   timestamptz
);
create index job_owner_created on job (owner, created_at desc);
create index job_state on job (state);

-- One row per event; event_key makes writes idempotent under activity retries.
create table job_event (
  id         bigserial primary key,
  job_id     text not null references job (id),
  event_key  text not null unique,
  type       text not null,
  payload    jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index job_event_job on job_event (job_id, id);
