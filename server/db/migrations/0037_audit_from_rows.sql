-- The audit log is written by triggers on the rows a write changes, never from what a caller says. Two
-- functions ran as the owner with entries their caller gave: `audit_erase(jsonb)` logged any items named in
-- its argument (any structure, any label), `audit_note(text, integer, integer)` an entry under any structure.
-- Both go. An erased bin item is logged by a trigger on the bin's own delete; a write that changes no audited
-- row names its record, whose structure is read from the record itself, within the sealed scope (0036).

DROP FUNCTION audit_erase(jsonb);
DROP FUNCTION audit_note(text, integer, integer);

-- Bin items deleted by one statement, each logged as erased with the label it was known by; the entry's
-- structure is the items' when they share one, the platform's otherwise, so that a purge across structures
-- never shows one structure's items in another's log. An item deleted because its record was put back (a
-- restore: the transaction's entry already holds a change of that record, which only the audit triggers
-- write) is no erase.
CREATE FUNCTION audit_bin_erase() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  earlier integer := nullif(current_setting('app.audit_entry', true), '')::integer;
  erased integer;
  company integer;
  first_resource text;
  first_record integer;
  entry integer;
BEGIN
  SELECT count(*),
         CASE WHEN count(DISTINCT g.company_id) = 1 AND count(g.company_id) = count(*) THEN min(g.company_id) END,
         (array_agg(g.resource ORDER BY g.id))[1], (array_agg(g.record_id ORDER BY g.id))[1]
    INTO erased, company, first_resource, first_record
    FROM gone g
   WHERE NOT EXISTS (SELECT 1 FROM audit_changes c
                      WHERE c.entry_id = earlier AND c.resource = g.resource AND c.record_id = g.record_id);
  IF erased = 0 THEN RETURN NULL; END IF;
  entry := audit_entry(first_resource, first_record, company, 'erase');
  INSERT INTO audit_changes AS c (entry_id, resource, record_id, operation, before, after)
    SELECT entry, g.resource, g.record_id, 'erase', jsonb_build_object('label', g.label), NULL
      FROM gone g
     WHERE NOT EXISTS (SELECT 1 FROM audit_changes x
                        WHERE x.entry_id = earlier AND x.resource = g.resource AND x.record_id = g.record_id)
  ON CONFLICT (entry_id, resource, record_id) DO UPDATE SET operation = 'erase', after = NULL;
  RETURN NULL;
END $$;
CREATE TRIGGER recycle_bin_audit_erase AFTER DELETE ON recycle_bin
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION audit_bin_erase();

-- An entry for a write that changes no audited row (a sign-out, a code mailed, a plan chosen): the
-- transaction's entry, made if needed, naming a user or a structure that exists and that the sealed scope
-- reaches. Its structure is the record's own, never the caller's word.
CREATE FUNCTION audit_note(resource text, record_id integer) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  company integer;
  found_record boolean;
BEGIN
  IF resource = 'users' THEN
    SELECT true, u.company_id INTO found_record, company FROM public.users u WHERE u.id = record_id;
  ELSIF resource = 'companies' THEN
    SELECT true, c.id INTO found_record, company FROM public.companies c WHERE c.id = record_id;
  END IF;
  IF found_record IS NOT TRUE OR (public.app_platform() OR company = public.app_structure()) IS NOT TRUE THEN
    RAISE EXCEPTION 'no % % in this scope', resource, record_id USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN public.audit_entry(resource, record_id, company, 'update');
END $$;
