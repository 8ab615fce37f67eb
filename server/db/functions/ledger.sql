-- The ledger's rules, kept by the database so no code path can break them, and the one way its rows
-- are written (`post_ledger`). The lines of every posting are named in server/services/ledger/postings.ts.

-- Writes one ledger transaction and its entries, each given whole as JSON keyed by column
-- (db/jsonRows.ts, `wholeJsonRow`). Every writer of the ledger comes here: the hold (purchase_hold),
-- a delivery (settlePurchase.ts) and every other posting (postLedger.ts). Entries are numbered by the
-- database. Answers the ledger transaction's id.
CREATE OR REPLACE FUNCTION post_ledger(p_transaction jsonb, p_entries jsonb) RETURNS uuid
LANGUAGE plpgsql AS $$
DECLARE
  written uuid;
BEGIN
  INSERT INTO ledger_transactions
  SELECT * FROM jsonb_populate_record(NULL::ledger_transactions, p_transaction)
  RETURNING id INTO written;

  INSERT INTO ledger_entries
  SELECT written_entry.* FROM jsonb_array_elements(p_entries) AS entry,
    LATERAL jsonb_populate_record(
      NULL::ledger_entries,
      entry || jsonb_build_object('id', nextval(pg_get_serial_sequence('ledger_entries', 'id')))
    ) AS written_entry;
  RETURN written;
END $$;

-- Entries are facts: never changed, never removed. A mistake is corrected by a new ledger transaction.
CREATE OR REPLACE FUNCTION ledger_entries_are_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are never updated or deleted';
END $$;

CREATE OR REPLACE TRIGGER ledger_entries_final BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_are_final();

CREATE OR REPLACE TRIGGER ledger_transactions_final BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_are_final();

-- Every ledger transaction balances, checked when the database transaction commits (entries of one
-- ledger transaction may be written by several statements).
CREATE OR REPLACE FUNCTION ledger_transaction_balances() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  off bigint;
BEGIN
  SELECT coalesce(sum(amount), 0) INTO off FROM ledger_entries WHERE ledger_transaction_id = NEW.ledger_transaction_id;
  IF off <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance (off by %)', NEW.ledger_transaction_id, off;
  END IF;
  RETURN NULL;
END $$;

-- (A constraint trigger cannot be replaced in place: it is made again.)
DROP TRIGGER IF EXISTS ledger_entries_balance ON ledger_entries;
CREATE CONSTRAINT TRIGGER ledger_entries_balance AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balances();

-- A wallet's cached balance moves with its entries, in the same database transaction, and only so;
-- the wallets_balance_non_negative check then refuses any entry that would overdraw it.
CREATE OR REPLACE FUNCTION wallet_balance_follows_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.wallet_id IS NOT NULL THEN
    UPDATE wallets SET balance = balance + NEW.amount WHERE id = NEW.wallet_id;
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER ledger_entries_move_wallet AFTER INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION wallet_balance_follows_entries();

-- And nothing else may move it: a direct UPDATE of a balance (trigger depth 1) is refused; the entries
-- trigger above runs at depth 2.
CREATE OR REPLACE FUNCTION wallet_balance_only_by_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.balance IS DISTINCT FROM OLD.balance AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'a wallet balance changes only through ledger entries';
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER wallets_balance_by_entries BEFORE UPDATE ON wallets
  FOR EACH ROW EXECUTE FUNCTION wallet_balance_only_by_entries();
