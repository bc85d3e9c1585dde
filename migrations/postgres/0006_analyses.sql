-- The coach's analyses of finished matches (as migrations/0006_analyses.sql for SQLite).

CREATE TABLE analyses (
    match_id     BIGINT  PRIMARY KEY REFERENCES matches(id),
    status       TEXT    NOT NULL,
    nodes        BIGINT  NOT NULL,
    result       TEXT    NOT NULL DEFAULT '',
    requested_at BIGINT  NOT NULL,
    finished_at  BIGINT
);
