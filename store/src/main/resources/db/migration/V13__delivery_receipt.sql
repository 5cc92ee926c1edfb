-- One receipt per job and delivery channel: exactly one delivery per (job, channel), whatever the
-- number of activity attempts. 'pending' while attempts run, 'confirmed' once the channel confirmed it
-- received content rendered from the frozen body whose checksum is body_sha256.
create table delivery_receipt (
  id               bigserial primary key,
  job_id           text not null,
  channel          text not null,           -- the channel's configured name
  channel_kind     text not null check (channel_kind in ('webhook', 'file', 'email')),
  idempotency_key  text not null unique,
  status           text not null check (status in ('pending', 'confirmed')),
  attempts         integer not null default 0,
  body_sha256      char(64) not null,
  content_sha256   char(64),                -- of the bytes the channel confirmed
  detail           text,                    -- HTTP status and reply, file paths, SMTP message id
  last_error       text,
  created_at       timestamptz not null default now(),
  updated_at       timestamptz not null default now(),
  confirmed_at     timestamptz,
  unique (job_id, channel),
  check ((status = 'confirmed') = (confirmed_at is not null and content_sha256 is not null))
);
create index delivery_receipt_job on delivery_receipt (job_id);
