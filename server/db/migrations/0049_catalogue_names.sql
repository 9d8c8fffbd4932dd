-- A structure's tags and skills sit beside the catalogue's in every picker: a name that repeats one the
-- structure already reads, whatever its case or accents ("debutant" beside "Débutant"), would offer two
-- choices for one meaning. The unique index keeps a structure's exact names apart; this keeps the folded
-- names apart too, against the catalogue's and the structure's own (a catalogue name, against the
-- catalogue's only: a structure's private name never blocks the platform's). The lock makes two writes of
-- the same folded name, on any process, take turns.
CREATE FUNCTION catalogue_name_free() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  taken boolean;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(TG_TABLE_NAME || ':' || search_fold(NEW.name)));
  EXECUTE format(
    'SELECT EXISTS (SELECT 1 FROM %I t WHERE search_fold(t.name) = search_fold($1) AND t.id <> $2
        AND (t.company_id IS NULL OR t.company_id = $3))', TG_TABLE_NAME)
    INTO taken USING NEW.name, NEW.id, NEW.company_id;
  IF taken THEN
    RAISE EXCEPTION 'The name % is already used by a %.', NEW.name, TG_TABLE_NAME
      USING ERRCODE = 'unique_violation', CONSTRAINT = TG_TABLE_NAME || '_name_key';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER tags_name_free BEFORE INSERT OR UPDATE OF name, company_id ON tags
  FOR EACH ROW EXECUTE FUNCTION catalogue_name_free();
CREATE TRIGGER skills_name_free BEFORE INSERT OR UPDATE OF name, company_id ON skills
  FOR EACH ROW EXECUTE FUNCTION catalogue_name_free();
CREATE INDEX tags_folded_name_idx ON tags (search_fold(name));
CREATE INDEX skills_folded_name_idx ON skills (search_fold(name));
