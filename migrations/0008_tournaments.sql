-- Tournaments (issue 40): one row each, its whole state as JSON, rewritten by every transition
-- with its sequence number checked (a writer that did not know the last transition changes
-- nothing). Each pairing's match is linked to its round and board in the same transaction that
-- creates it, so a restart finds it and never creates it twice.

CREATE TABLE tournaments (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id     INTEGER,
    channel_id   INTEGER NOT NULL,
    parent_id    INTEGER,
    organiser_id INTEGER NOT NULL,
    status       TEXT    NOT NULL,
    seq          INTEGER NOT NULL,
    state        TEXT    NOT NULL,
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL
);
CREATE INDEX tournaments_open ON tournaments (status);

CREATE TABLE tournament_games (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL,
    match_id      INTEGER NOT NULL UNIQUE REFERENCES matches(id),
    PRIMARY KEY (tournament_id, round, board)
);
