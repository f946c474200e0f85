-- Webhook receiver. Uniqueness of (provider, event_key) is the duplicate-detection
-- rule of the spec, enforced here so that no read-then-write check is relied on.
CREATE TABLE IF NOT EXISTS webhook_events (
  provider     text        NOT NULL,
  event_key    text        NOT NULL,
  event_type   text        NOT NULL,
  received_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
  raw_body     bytea       NOT NULL,
  status       text        NOT NULL DEFAULT 'accepted'
               CHECK (status IN ('accepted', 'processing', 'completed', 'failed')),
  PRIMARY KEY (provider, event_key)
);

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
