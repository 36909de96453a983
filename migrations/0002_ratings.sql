-- Ratings (docs/OPERATIONS.md, "Players"): Glicko-2 keeps a volatility beside rating and deviation;
-- each rated match is applied once (rated_matches); a player's list shows what the match changed;
-- the leaderboard reads a table size's best first.
ALTER TABLE ratings ADD COLUMN vol REAL NOT NULL DEFAULT 0.06;

-- A rated match whose ratings were written: a write tried again finds it and changes nothing.
CREATE TABLE rated_matches (
  match TEXT PRIMARY KEY,
  at INTEGER NOT NULL
) WITHOUT ROWID;

-- The rating a rated match left this player with, and by how much it moved (null: not rated).
ALTER TABLE player_matches ADD COLUMN rating REAL;
ALTER TABLE player_matches ADD COLUMN rating_change REAL;

CREATE INDEX ratings_board ON ratings (size, rating DESC);
