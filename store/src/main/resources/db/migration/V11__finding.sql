-- The evidence pool's Findings: one per job and plan step (a re-run step replaces its Finding).
create table finding (
  job_id      text not null,
  step_id     text not null,
  seq         bigserial,                 -- first-recorded order, kept when a step is re-run
  analysis    text not null,
  status      text not null check (status in ('OK', 'EMPTY', 'FAILED')),
  finding     text not null check (finding::jsonb is not null),
  sha256      char(64) not null,
  recorded_at timestamptz not null default now(),
  primary key (job_id, step_id)
);
