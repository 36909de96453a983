-- Players, their ratings and the index of their finished matches (docs/OPERATIONS.md, "Players").
-- A match's own state stays in its Durable Object; this is what spans matches.

-- One row per identity. Only the token's SHA-256 is kept. A deleted player keeps the row's id
-- (so the seats they held read "a former player") and loses everything else: the name, its key
-- (free to take again) and the token's hash.
CREATE TABLE players (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  name_key TEXT UNIQUE,
  token_hash TEXT UNIQUE,
  created_at INTEGER NOT NULL,
  deleted_at INTEGER
);

-- One row per player and table size once rated; a player with no row has the defaults.
CREATE TABLE ratings (
  player TEXT NOT NULL,
  size INTEGER NOT NULL CHECK (size BETWEEN 2 AND 4),
  rating REAL NOT NULL DEFAULT 1500,
  rd REAL NOT NULL DEFAULT 350,
  games INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (player, size)
) WITHOUT ROWID;

-- One row per identified seat of a finished match, written by the match object as it ends.
-- players: JSON, every seat in order ({name, place, player?}); place: this player's (1 = won).
CREATE TABLE player_matches (
  player TEXT NOT NULL,
  match TEXT NOT NULL,
  players TEXT NOT NULL,
  place INTEGER NOT NULL,
  at INTEGER NOT NULL,
  PRIMARY KEY (player, match)
) WITHOUT ROWID;

-- A profile's page: newest first, then by match id, from a cursor.
CREATE INDEX player_matches_newest ON player_matches (player, at, match);
