-- Webhook receiver. Uniqueness of (provider, event_key) is the duplicate-detection
-- rule of the spec, enforced here so that no read-then-write check is relied on.
-- event_key is the dedup key: the SHA-256 (hex) of the event id's storage key
-- (digestKey in storage-key.ts). The spec sets no length limit on the id below the
-- body's 256 KiB, and a btree entry holds at most ~2,700 bytes, so no btree index
-- holds an id itself. event_id keeps the id (its storage key), so the probe counts
-- records per id even if the dedup key were wrong; its index is a hash index, which
-- stores only a hash of the value and so takes an id of any length.
CREATE TABLE IF NOT EXISTS webhook_events (
  provider      text        NOT NULL,
  event_key     text        NOT NULL,
  event_id      text        NOT NULL,
  event_type    text        NOT NULL,
  received_at   timestamptz NOT NULL DEFAULT clock_timestamp(),
  raw_body      bytea       NOT NULL,
  status        text        NOT NULL DEFAULT 'accepted'
                CHECK (status IN ('accepted', 'processing', 'completed', 'failed')),
  completed_at  timestamptz,
  PRIMARY KEY (provider, event_key)
);
CREATE INDEX IF NOT EXISTS webhook_events_by_id_hash ON webhook_events USING hash (event_id);

-- One job per accepted event, written in the same transaction as the record. A
-- worker claims it with a lease (FOR UPDATE SKIP LOCKED); claim_token fences the
-- completion, so a worker whose lease expired cannot complete it a second time.
CREATE TABLE IF NOT EXISTS webhook_jobs (
  provider      text        NOT NULL,
  event_key     text        NOT NULL,
  attempts      integer     NOT NULL DEFAULT 0,
  run_after     timestamptz NOT NULL DEFAULT clock_timestamp(),
  locked_until  timestamptz,
  claim_token   text,
  last_error    text,
  created_at    timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (provider, event_key),
  FOREIGN KEY (provider, event_key) REFERENCES webhook_events (provider, event_key)
);
CREATE INDEX IF NOT EXISTS webhook_jobs_due ON webhook_jobs (run_after);

-- The business action's completion, once per event: the primary key makes a second
-- completion impossible even if the fencing above were bypassed. effect_key is the
-- event's key (a digest), event_id the id itself (hash-indexed, as above).
CREATE TABLE IF NOT EXISTS webhook_effects (
  provider      text        NOT NULL,
  effect_key    text        NOT NULL,
  event_id      text        NOT NULL,
  applied       boolean     NOT NULL,
  completed_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (provider, effect_key)
);
CREATE INDEX IF NOT EXISTS webhook_effects_by_id_hash ON webhook_effects USING hash (event_id);

-- Payment state behind the ordering guard, and the versions applied to it in order.
-- payment_key is the SHA-256 (hex) of data.paymentId's storage key (paymentKey in
-- webhook/processing/payment-guard.ts): like an event id, a payment id may be as long
-- as the body, and no btree index holds one. payment_id keeps the id (its storage key).
CREATE TABLE IF NOT EXISTS payment_states (
  payment_key   text        PRIMARY KEY,
  payment_id    text        NOT NULL,
  version       bigint      NOT NULL,
  status        text        NOT NULL,
  updated_at    timestamptz NOT NULL DEFAULT clock_timestamp()
);

CREATE TABLE IF NOT EXISTS payment_applied (
  seq           bigserial   PRIMARY KEY,
  payment_key   text        NOT NULL,
  version       bigint      NOT NULL,
  event_id      text        NOT NULL,
  applied_at    timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX IF NOT EXISTS payment_applied_by_payment ON payment_applied (payment_key, seq);
