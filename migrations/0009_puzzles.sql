-- Puzzles (issue 42): positions with one winning line, found by the solver in self-play and in
-- finished matches, each with a Glicko-2 rating; each person's puzzle rating per game and their
-- attempts (an attempt in progress keeps its step, so it survives a restart).

CREATE TABLE puzzles (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    game       TEXT    NOT NULL,             -- loa, barrier, simultana
    options    TEXT    NOT NULL,             -- engine key=value options
    position   TEXT    NOT NULL,             -- the position's export text
    moves      TEXT    NOT NULL,             -- from the start to the position, space-separated
    solution   TEXT    NOT NULL,             -- the solver's moves and the forced replies
    own_moves  INTEGER NOT NULL,
    nodes      INTEGER NOT NULL,             -- search steps of the proof
    source     TEXT    NOT NULL,             -- self-play, match, starter
    source_id  INTEGER NOT NULL,             -- the self-play seed or the match id
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    volatility REAL    NOT NULL,
    plays      INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    UNIQUE (game, options, position)
);
CREATE INDEX puzzles_by_rating ON puzzles (game, options, rating);

CREATE TABLE puzzle_ratings (
    player_id  INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    volatility REAL    NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (player_id, game)
);

CREATE TABLE puzzle_attempts (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    puzzle_id   INTEGER NOT NULL REFERENCES puzzles(id),
    player_id   INTEGER NOT NULL,
    step        INTEGER NOT NULL DEFAULT 0,  -- solution moves played so far
    rated       INTEGER NOT NULL,
    solved      INTEGER,                     -- NULL while under way, then 1 or 0
    started_at  INTEGER NOT NULL,
    finished_at INTEGER
);
CREATE INDEX puzzle_attempts_of ON puzzle_attempts (player_id, puzzle_id);
