-- Webhook receiver. Uniqueness of (provider, event_key) is the duplicate-detection
-- rule of the spec, enforced here so that no read-then-write check is relied on.
-- event_key is the dedup key (the storage key of the event id); event_id keeps the
-- id itself, so the probe counts records per id even if the dedup key were wrong.
CREATE TABLE IF NOT EXISTS webhook_events (
  provider     text        NOT NULL,
  event_key    text        NOT NULL,
  event_id     text        NOT NULL,
  event_type   text        NOT NULL,
  received_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
  raw_body     bytea       NOT NULL,
  status       text        NOT NULL DEFAULT 'accepted'
               CHECK (status IN ('accepted', 'processing', 'completed', 'failed')),
  PRIMARY KEY (provider, event_key)
);
CREATE INDEX IF NOT EXISTS webhook_events_by_id ON webhook_events (provider, event_id);

-- One job per accepted event, written in the same transaction as the record.
CREATE TABLE IF NOT EXISTS webhook_jobs (
  provider     text        NOT NULL,
  event_key    text        NOT NULL,
  attempts     integer     NOT NULL DEFAULT 0,
  run_after    timestamptz NOT NULL DEFAULT clock_timestamp(),
  created_at   timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (provider, event_key),
  FOREIGN KEY (provider, event_key) REFERENCES webhook_events (provider, event_key)
);
