-- The coach's analyses of finished matches, computed once and shown again from here. A row is
-- written 'pending' when an analysis starts, so that one cut short by a restart is started
-- again at boot; 'done' rows hold the result as text (ai::analysis::Analysis::to_text).

CREATE TABLE analyses (
    match_id     INTEGER PRIMARY KEY REFERENCES matches(id),
    status       TEXT    NOT NULL,          -- 'pending' or 'done'
    nodes        INTEGER NOT NULL,          -- search steps per position
    result       TEXT    NOT NULL DEFAULT '',
    requested_at INTEGER NOT NULL,
    finished_at  INTEGER
);
