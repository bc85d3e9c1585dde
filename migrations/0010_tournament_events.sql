-- A tournament's scheduled event on its server (issue 41): the transport's event id once
-- created, and how far it was taken (none, refused, scheduled, active, completed, canceled), so
-- that a restart neither creates it twice nor says twice that it cannot.

ALTER TABLE tournaments ADD COLUMN calendar_id INTEGER;
ALTER TABLE tournaments ADD COLUMN calendar_status TEXT NOT NULL DEFAULT 'none';
