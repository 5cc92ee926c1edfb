-- The frozen report of a job: the structured body that passed every check, and the HTML and Markdown
-- rendered from it. Written once; a retried report activity finds the row and returns it.
create table report (
  job_id           text primary key,
  body             text not null check (body::jsonb is not null),
  body_sha256      char(64) not null,
  outline          text not null,
  check_history    text not null,           -- JSON array of check reports, one per round
  repairs          integer not null,
  html             text not null,
  html_sha256      char(64) not null,
  markdown         text not null,
  markdown_sha256  char(64) not null,
  frozen_at        timestamptz not null
);

create function report_guard() returns trigger language plpgsql as $$
begin
  raise exception 'report of job % is frozen', old.job_id;
end $$;

create trigger report_guard before update on report
  for each row execute function report_guard();
