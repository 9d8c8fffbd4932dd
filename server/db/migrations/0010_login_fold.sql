-- One fold of a login, written once and used everywhere a login is compared: the account lookup of the
-- sign-in, reset and invitation calls, the e-mail's uniqueness, and the throttles' per-login keys (which read
-- it from the same query as the lookup: server/auth/loginFold.ts). Two folds that disagree give an attacker
-- a fresh budget per disagreement: a lookup folding U+0130 (İ) to "i" while the key kept "i̇" doubled the
-- tries at an address for each "i" it holds. Compatibility forms first (fullwidth letters, the Kelvin sign,
-- ligatures, no-break spaces), then the padding, then the case, by the database's own lower().
CREATE FUNCTION login_fold(login text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN lower(btrim(normalize(login, NFKC), E' \t\n\v\f\r\u0085\u2028\u2029\uFEFF'));

-- Unique as the lookup compares: two e-mails that fold alike would make a login name two accounts.
DROP INDEX users_email_key;
CREATE UNIQUE INDEX users_email_key ON users (login_fold(email));
