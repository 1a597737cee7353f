-- Issue 34, decision 050. Two things the books keep whatever code path posts to the family ledger.
--
-- 1. Closed months under concurrency: a posting makes sure its studio's ledger_periods row exists before
--    it reads it FOR SHARE, so the first close of a studio (which inserts or updates that row) waits for
--    postings under way, like every later close does, instead of slipping past one that found no row.
CREATE OR REPLACE FUNCTION books_refuse_closed_month() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  through date;
BEGIN
  INSERT INTO ledger_periods (company_id) VALUES (NEW.company_id) ON CONFLICT DO NOTHING;
  SELECT closed_through INTO through FROM ledger_periods WHERE company_id = NEW.company_id FOR SHARE;
  IF through IS NOT NULL AND NEW.effective_date <= through THEN
    RAISE EXCEPTION 'the books are closed through %: nothing is posted dated % (%)', through, NEW.effective_date, TG_TABLE_NAME
      USING ERRCODE = 'PR001';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- 2. A deposited payment taken back (a check returned unpaid after it went to the bank, a payment
--    unmarked, a dispute): the bank takes it back, so the studio journal moves its amount from "bank" back
--    to "undeposited funds", where the family ledger's reversal takes it out. Undeposited funds never go
--    below zero and the bank shows the return as its own line. Posted in the reversal's transaction and on
--    its day (already an open one), once per payment. The ledger never calls the books module (it sits
--    below it); this is the books' rule, kept here so that every path that reverses a payment keeps it.
CREATE OR REPLACE FUNCTION books_return_deposited_payment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  item record;
  books_tx uuid;
BEGIN
  IF NEW.reverses_id IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT d.number, i.amount INTO item
    FROM bank_deposit_items i JOIN bank_deposits d ON d.id = i.deposit_id
    WHERE i.company_id = NEW.company_id AND i.payment_tx_id = NEW.reverses_id;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  INSERT INTO books_transactions (company_id, kind, effective_date, idempotency_key, reason, created_by, created_by_name)
    VALUES (NEW.company_id, 'returned_deposit', NEW.effective_date, 'returned_deposit:' || NEW.reverses_id,
      'Deposit #' || item.number || ': ' || NEW.reason, NEW.created_by, NEW.created_by_name)
    ON CONFLICT DO NOTHING
    RETURNING id INTO books_tx;
  IF books_tx IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO books_entries (tx_id, company_id, account, amount) VALUES
    (books_tx, NEW.company_id, 'undeposited_funds', item.amount),
    (books_tx, NEW.company_id, 'bank', -item.amount);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_transactions_returned_deposit AFTER INSERT ON "ledger_transactions"
  FOR EACH ROW EXECUTE FUNCTION books_return_deposited_payment();
