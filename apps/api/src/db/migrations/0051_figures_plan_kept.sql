-- The figures of the invoices named (migrations 0048, 0049), now in PL/pgSQL. A LANGUAGE sql
-- function that is not inlined plans its body again on every call, and every write of an invoice,
-- payment or credit note calls this one from its trigger: planning the insert with its two lateral
-- sums cost about 0.4 ms of the database's CPU per write (bench/results.md, twenty-sixth session).
-- PL/pgSQL keeps the statement's plan for the session, so a write now pays only for running it.
CREATE OR REPLACE FUNCTION "refresh_invoice_figures_of"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "invoice_figures" AS f ("invoice_id", "account_id", "client_id", "due_date", "open", "invoiced_pence", "balance_pence")
  SELECT i."id", i."account_id", i."client_id", i."due_date", i."status" = 'SENT',
    CASE WHEN i."status" = 'VOID' THEN 0 ELSE i."total_pence" - credited.pence END,
    CASE WHEN i."status" = 'SENT' THEN greatest(0, i."total_pence" - i."cis_deduction_pence" - paid.pence - credited.pence) ELSE 0 END
  FROM (SELECT DISTINCT "id" FROM unnest(ids) AS named("id")) named
  JOIN "invoices" i ON i."id" = named."id"
  CROSS JOIN LATERAL (SELECT coalesce(sum(p."amount_pence"), 0) AS pence FROM "payments" p WHERE p."invoice_id" = i."id") paid
  CROSS JOIN LATERAL (SELECT coalesce(sum(c."total_pence"), 0) AS pence FROM "credit_notes" c WHERE c."invoice_id" = i."id") credited
  ON CONFLICT ("invoice_id") DO UPDATE SET
    "client_id" = excluded."client_id", "due_date" = excluded."due_date", "open" = excluded."open",
    "invoiced_pence" = excluded."invoiced_pence", "balance_pence" = excluded."balance_pence"
  WHERE (f."client_id", f."due_date", f."open", f."invoiced_pence", f."balance_pence")
    IS DISTINCT FROM (excluded."client_id", excluded."due_date", excluded."open", excluded."invoiced_pence", excluded."balance_pence");
END $$;
