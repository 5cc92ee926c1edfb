-- Evidence: every query result, computation and chart dataset an analysis step produced.
-- content is the canonical JSON text that was hashed (text, not jsonb, so the bytes read back are the
-- bytes written and the hash can be re-checked). A row is 'pending' between write and read-back check,
-- then 'accepted' or 'revoked' for good.
create table artifact (
  id              bigserial primary key,
  job_id          text not null,
  step_id         text not null,
  kind            text not null check (kind in ('query_result', 'computation', 'chart_data')),
  content         text not null check (content::jsonb is not null),
  content_sha256  char(64) not null check (content_sha256 ~ '^[0-9a-f]{64}$'),
  size_bytes      bigint not null,
  status          text not null check (status in ('pending', 'accepted', 'revoked')),
  revoked_reason  text,
  idempotency_key text not null unique,   -- retried activities find their row instead of adding one
  created_at      timestamptz not null default now(),
  accepted_at     timestamptz,
  revoked_at      timestamptz,
  check ((status = 'revoked') = (revoked_reason is not null))
);
create index artifact_job on artifact (job_id, id);

-- Evidence is append-only: its identity and content never change, and a revoked artifact stays revoked.
create function artifact_guard() returns trigger language plpgsql as $$
begin
  if new.job_id <> old.job_id or new.step_id <> old.step_id or new.kind <> old.kind
     or new.content <> old.content or new.content_sha256 <> old.content_sha256
     or new.idempotency_key <> old.idempotency_key then
    raise exception 'artifact % is immutable: only its status may change', old.id;
  end if;
  if old.status = 'revoked' and new.status <> 'revoked' then
    raise exception 'artifact % was revoked (%) and can never be reinstated', old.id, old.revoked_reason;
  end if;
  if old.status = 'accepted' and new.status = 'pending' then
    raise exception 'artifact % was accepted and cannot return to pending', old.id;
  end if;
  return new;
end $$;

create trigger artifact_guard before update on artifact
  for each row execute function artifact_guard();
