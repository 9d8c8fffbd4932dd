-- Text sorts as a French reader expects: case and accents weigh only between otherwise equal words (`é`
-- with `e`, `Sécurité` before `Soft skills`, `Le jour J` before `Le RGPD`), by ICU's French rules, which
-- PostgreSQL (built with ICU, as Debian's is) and PGlite both carry. Deterministic: two texts are equal
-- only when their bytes are, so uniqueness and equality filters mean what they meant.
CREATE COLLATION IF NOT EXISTS french (provider = icu, locale = 'fr-FR');

-- Each list order over a text column, in that collation, so that the page and its keyset seek still read
-- an index. Where an equality filter or a unique key also reads the column, its index stays beside.
DROP INDEX users_email_idx;
CREATE INDEX users_email_idx ON users (email COLLATE french, id);
DROP INDEX users_first_name_idx;
CREATE INDEX users_first_name_idx ON users (first_name COLLATE french, id);
DROP INDEX users_last_name_idx;
CREATE INDEX users_last_name_idx ON users (last_name COLLATE french, id);
DROP INDEX access_rights_label_idx;
CREATE INDEX access_rights_label_idx ON access_rights (label COLLATE french, id);
DROP INDEX enrolment_rules_name_idx;
CREATE INDEX enrolment_rules_name_idx ON enrolment_rules (name COLLATE french, id);
DROP INDEX tags_name_idx;
CREATE INDEX tags_name_idx ON tags (name COLLATE french, id);
DROP INDEX skills_name_idx;
CREATE INDEX skills_name_idx ON skills (name COLLATE french, id);
DROP INDEX courses_title_idx;
CREATE INDEX courses_title_idx ON courses (title COLLATE french, id);
DROP INDEX modules_title_idx;
CREATE INDEX modules_title_idx ON modules (title COLLATE french, id);
DROP INDEX chapters_title_idx;
CREATE INDEX chapters_title_idx ON chapters (title COLLATE french, id);
DROP INDEX chapter_parts_title_idx;
CREATE INDEX chapter_parts_title_idx ON chapter_parts (title COLLATE french, id);
DROP INDEX languages_name_idx;
CREATE INDEX languages_name_idx ON languages (name COLLATE french, id);
DROP INDEX system_configurations_key_idx;
CREATE INDEX system_configurations_key_idx ON system_configurations (key COLLATE french, id);
DROP INDEX documents_name_idx;
CREATE INDEX documents_name_idx ON documents (name COLLATE french, id);
DROP INDEX notification_templates_name_idx;
CREATE INDEX notification_templates_name_idx ON notification_templates (name COLLATE french, id);
DROP INDEX sheets_title_idx;
CREATE INDEX sheets_title_idx ON sheets (title COLLATE french, id);
DROP INDEX folders_name_idx;
CREATE INDEX folders_name_idx ON folders (name COLLATE french, id);
DROP INDEX imports_filename_idx;
CREATE INDEX imports_filename_idx ON imports (filename COLLATE french, id);
DROP INDEX tickets_subject_idx;
CREATE INDEX tickets_subject_idx ON tickets (subject COLLATE french, id);
DROP INDEX canned_replies_title_idx;
CREATE INDEX canned_replies_title_idx ON canned_replies (title COLLATE french, id);
DROP INDEX countries_name_idx;
CREATE INDEX countries_name_idx ON countries (name COLLATE french, id);
DROP INDEX companies_name_idx;
CREATE INDEX companies_name_idx ON companies (name COLLATE french, id);
DROP INDEX companies_city_idx;
CREATE INDEX companies_city_idx ON companies (city COLLATE french, id);
CREATE INDEX access_rights_code_french_idx ON access_rights (code COLLATE french, id);
CREATE INDEX languages_code_french_idx ON languages (code COLLATE french, id);
CREATE INDEX countries_code_french_idx ON countries (code COLLATE french, id);
CREATE INDEX documents_mime_type_french_idx ON documents (mime_type COLLATE french, id);
CREATE INDEX documents_context_french_idx ON documents (context COLLATE french, id);
CREATE INDEX canned_replies_shortcut_french_idx ON canned_replies (shortcut COLLATE french, id);
CREATE INDEX notification_templates_code_french_idx ON notification_templates (code COLLATE french, id);
