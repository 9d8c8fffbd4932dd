-- The id of the failed request a report names (the answer's X-Request-Id): support finds the server's log
-- lines and trace of that very call from the incident list.
ALTER TABLE error_calls ADD COLUMN request_id text CHECK (char_length(request_id) <= 128);
