-- Parlor's storage: players, matches (challenges included), the append-only move log, ratings.
-- Portable SQL: INTEGER ids (Discord snowflakes fit in 64 bits), times as unix milliseconds.

CREATE TABLE players (
    id          INTEGER PRIMARY KEY,          -- Discord user id
    name        TEXT    NOT NULL,             -- display name, refreshed whenever the player acts
    updated_at  INTEGER NOT NULL
);

CREATE TABLE matches (
    id              INTEGER PRIMARY KEY,
    guild_id        INTEGER,                  -- NULL outside a server (DMs, the terminal)
    channel_id      INTEGER NOT NULL,         -- the channel or thread the match lives in
    parent_id       INTEGER,                  -- the channel a thread belongs to
    game            TEXT    NOT NULL,         -- loa, lightning, barrier, simultana
    variant         TEXT    NOT NULL,         -- the preset name (standard, olympiad, ...)
    options         TEXT    NOT NULL,         -- engine key=value options of the preset
    seed            INTEGER NOT NULL,         -- random seed (Lightning's draw pile); secret while live
    rated           INTEGER NOT NULL,         -- 1 rated, 0 casual
    clock_secs      INTEGER,                  -- time per move; NULL for no clock
    level           INTEGER,                  -- AI level for a match against the bot
    challenger_id   INTEGER NOT NULL REFERENCES players(id),
    opponent_id     INTEGER REFERENCES players(id), -- NULL for an open challenge not yet accepted
    vs_bot          INTEGER NOT NULL DEFAULT 0,
    challenger_seat INTEGER NOT NULL,         -- 0 first to move, 1 second
    status          TEXT    NOT NULL,         -- challenge, declined, cancelled, expired, live, finished, aborted
    winner_seat     INTEGER,                  -- 0 or 1; NULL for a draw or no result
    reason          TEXT,                     -- connection, timeout, resignation, abort, ...
    deadline_at     INTEGER,                  -- challenge expiry, or the move deadline while live
    warned          INTEGER NOT NULL DEFAULT 0, -- the low-time warning was sent for this deadline
    draw_offer_seat INTEGER,                  -- a standing draw offer, by seat
    takeback_seat   INTEGER,                  -- a standing takeback request, by seat
    rematch_of      INTEGER REFERENCES matches(id),
    created_at      INTEGER NOT NULL,
    started_at      INTEGER,
    finished_at     INTEGER
);

CREATE INDEX matches_open ON matches (status) WHERE status IN ('challenge', 'live');
CREATE INDEX matches_channel ON matches (channel_id, finished_at);
CREATE INDEX matches_challenger ON matches (challenger_id, created_at);
CREATE INDEX matches_opponent ON matches (opponent_id, finished_at);

-- The log is append-only: a takeback is an entry of its own, nothing is ever deleted.
-- (match_id, seq) is unique, so two writers can never both record the same turn.
CREATE TABLE moves (
    match_id    INTEGER NOT NULL REFERENCES matches(id),
    seq         INTEGER NOT NULL,             -- 1, 2, 3 ... per match, one per entry
    kind        TEXT    NOT NULL,             -- move or takeback
    ply         INTEGER NOT NULL,             -- plies on the board after this entry
    notation    TEXT,                         -- canonical move text; NULL for a takeback
    player_id   INTEGER NOT NULL REFERENCES players(id),
    played_at   INTEGER NOT NULL,
    PRIMARY KEY (match_id, seq)
);

-- scope: a guild id for a server's ladder, 0 for the global one.
CREATE TABLE ratings (
    player_id   INTEGER NOT NULL REFERENCES players(id),
    game        TEXT    NOT NULL,
    scope       INTEGER NOT NULL,
    rating      REAL    NOT NULL,
    deviation   REAL    NOT NULL,
    volatility  REAL    NOT NULL,
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    draws       INTEGER NOT NULL,
    losses      INTEGER NOT NULL,
    last_played INTEGER NOT NULL,
    PRIMARY KEY (player_id, game, scope)
);

CREATE INDEX ratings_board ON ratings (game, scope, rating);

CREATE TABLE rating_history (
    match_id         INTEGER NOT NULL REFERENCES matches(id),
    player_id        INTEGER NOT NULL REFERENCES players(id),
    scope            INTEGER NOT NULL,
    rating_before    REAL    NOT NULL,
    deviation_before REAL    NOT NULL,
    rating_after     REAL    NOT NULL,
    deviation_after  REAL    NOT NULL,
    volatility_after REAL    NOT NULL,
    PRIMARY KEY (match_id, player_id, scope)
);
