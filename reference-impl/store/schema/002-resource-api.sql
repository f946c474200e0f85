-- Resource API (/v1 preferences and labels). Every check-and-apply is one SQL
-- statement: `version` is the compare-and-set column behind the strong ETag, and
-- DELETE ... RETURNING decides which request deleted a label, so that request alone
-- writes the label.deleted outbox row, in the same transaction.

-- One row per user who has written preferences; a user without a row has the
-- defaults (weeklyDigest false) at version 0.
CREATE TABLE IF NOT EXISTS resource_preferences (
  user_key       text        PRIMARY KEY,
  weekly_digest  boolean     NOT NULL,
  version        integer     NOT NULL CHECK (version > 0),
  updated_at     timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- Labels belong to the user who created them. Ids are random and never reused.
-- `name` holds storageKey(name) (PostgreSQL text cannot hold U+0000).
CREATE TABLE IF NOT EXISTS resource_labels (
  id          text        PRIMARY KEY,
  owner_key   text        NOT NULL,
  name        text        NOT NULL,
  version     integer     NOT NULL DEFAULT 1 CHECK (version > 0),
  created_at  timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- Side effects (label.deleted), written in the transaction that caused them. No
-- uniqueness constraint on (kind, subject): exactly-once comes from the guarded
-- DELETE, and the probe must be able to count a duplicate if one is ever written.
CREATE TABLE IF NOT EXISTS resource_outbox (
  id          bigserial   PRIMARY KEY,
  kind        text        NOT NULL,
  subject     text        NOT NULL,
  payload     jsonb       NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX IF NOT EXISTS resource_outbox_kind_subject ON resource_outbox (kind, subject);
