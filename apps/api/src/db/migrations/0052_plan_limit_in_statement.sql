-- A create's plan limit, refused by its own insert (documents/create-guard.ts): RETURNING calls this
-- with the count the statement read (its snapshot, after the caller's lock: the account's rows
-- without the one being written) and the plan's limit. At the limit it fails the statement, and so
-- the transaction, with SQLSTATE DKL01, which the API answers as the plan's 403. Refused in the
-- statement rather than by the API after it, a create's COMMIT can follow its insert without a trip
-- back to the API in between (db/transaction-tail.ts).
CREATE FUNCTION "docket_within_limit"("used" bigint, "max" integer) RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  IF "used" >= "max" THEN
    RAISE EXCEPTION 'plan limit reached' USING ERRCODE = 'DKL01';
  END IF;
  RETURN "used";
END $$;
