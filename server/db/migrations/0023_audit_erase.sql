-- Recycle-bin items erased for good (one by hand, the whole bin emptied, or the periodic purge of expired
-- items) are logged: one change a record, operation `erase`, with the label it was known by. The entry's
-- structure is the items' when they share one, the platform's otherwise, so that a purge across structures
-- never shows one structure's items in another's log. Answers how many items it logged.
CREATE FUNCTION audit_erase(items jsonb) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  first jsonb := items -> 0;
  company integer;
  entry integer;
BEGIN
  IF first IS NULL THEN RETURN 0; END IF;
  SELECT CASE WHEN count(DISTINCT i ->> 'company') = 1 AND count(i ->> 'company') = count(*)
              THEN min((i ->> 'company')::integer) END
    INTO company FROM jsonb_array_elements(items) AS i;
  entry := audit_entry(first ->> 'resource', (first ->> 'record_id')::integer, company, 'erase');
  INSERT INTO audit_changes AS c (entry_id, resource, record_id, operation, before, after)
    SELECT entry, i ->> 'resource', (i ->> 'record_id')::integer, 'erase', jsonb_build_object('label', i -> 'label'), NULL
      FROM jsonb_array_elements(items) AS i
  ON CONFLICT (entry_id, resource, record_id) DO UPDATE SET operation = 'erase', after = NULL;
  RETURN jsonb_array_length(items);
END $$;
