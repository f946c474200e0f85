-- Migration of a webhook database created before event keys were digests (issue 17):
-- there, event_key and effect_key held the id's storage key itself, and btree indexes
-- on (provider, event_id) refused an id longer than ~2,700 bytes. Each key becomes its
-- SHA-256 (hex), as the receiver now writes it, so a redelivery of an event recorded
-- before the upgrade is still a duplicate. A row whose key is not its id (written by a
-- self-test fault: a body hash, a '#retry' suffix) keeps its key.
--
-- The old layout is recognised by its btree index on the id, which this migration
-- drops in the same transaction (the schema is applied as one): so the rewrite runs
-- once, and on a fresh or migrated database the condition is false before any row is
-- read. Events, jobs and effects change in one statement: the foreign key from a job
-- to its event is checked at the statement's end, when both carry the new key.
WITH old_layout AS (
  SELECT to_regclass('webhook_events_by_id') IS NOT NULL AS applies
), events AS (
  UPDATE webhook_events SET event_key = encode(sha256(convert_to(event_key, 'UTF8')), 'hex')
  WHERE (SELECT applies FROM old_layout) AND event_key = event_id
), jobs AS (
  UPDATE webhook_jobs j SET event_key = encode(sha256(convert_to(j.event_key, 'UTF8')), 'hex')
  FROM webhook_events e
  WHERE (SELECT applies FROM old_layout) AND e.provider = j.provider AND e.event_key = j.event_key AND e.event_key = e.event_id
)
UPDATE webhook_effects SET effect_key = encode(sha256(convert_to(effect_key, 'UTF8')), 'hex')
WHERE (SELECT applies FROM old_layout) AND effect_key = event_id;
DROP INDEX IF EXISTS webhook_events_by_id;
DROP INDEX IF EXISTS webhook_effects_by_id;
