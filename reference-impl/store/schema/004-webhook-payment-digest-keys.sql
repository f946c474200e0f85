-- Migration of a webhook database created before payment keys were digests (issue 17):
-- there, payment_key in payment_states and payment_applied held the payment id's
-- storage key itself, so a payment id longer than ~2,700 bytes could not be indexed
-- and its event failed on every retry. Each key becomes its SHA-256 (hex), as the
-- worker now writes it, and the id moves to payment_states.payment_id, so a payment
-- set before the upgrade keeps its state, its applied versions and its ordering guard.
--
-- The old layout is recognised by payment_states lacking payment_id, which this
-- migration adds in the same transaction (the schema is applied as one): so the
-- rewrite runs once. A DO block rather than ADD COLUMN IF NOT EXISTS: that would take
-- an exclusive lock on payment_states at every start, even with nothing to add,
-- stalling the workers of other instances sharing the database.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_attribute
                 WHERE attrelid = 'payment_states'::regclass AND attname = 'payment_id' AND NOT attisdropped) THEN
    ALTER TABLE payment_states ADD COLUMN payment_id text;
    UPDATE payment_states SET payment_id = payment_key,
                              payment_key = encode(sha256(convert_to(payment_key, 'UTF8')), 'hex');
    ALTER TABLE payment_states ALTER COLUMN payment_id SET NOT NULL;
    UPDATE payment_applied SET payment_key = encode(sha256(convert_to(payment_key, 'UTF8')), 'hex');
  END IF;
END
$$;
