-- A renamed player's old name stays theirs for 30 days (docs/PROTOCOL.md, "PATCH /api/me"): nobody
-- else may take it meanwhile, and they may take it back. A player holds a few such names at most.
CREATE TABLE retired_names (
  name_key TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  player TEXT NOT NULL,
  until INTEGER NOT NULL
) WITHOUT ROWID;

CREATE INDEX retired_names_player ON retired_names (player, until);
