-- Keeping a name on other devices (docs/PROTOCOL.md, "Passkeys"): a player's passkeys, the one-use
-- challenges of ceremonies under way, and the tokens a passkey sign-in made for another browser
-- (the first token stays in players.token_hash). Only hashes of tokens are kept.
CREATE TABLE passkeys (
  id TEXT PRIMARY KEY,
  player TEXT NOT NULL,
  public_key TEXT NOT NULL,
  counter INTEGER NOT NULL,
  transports TEXT,
  created_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX passkeys_player ON passkeys (player);

-- player: the player registering a passkey; null for a sign-in (whoever's passkey answers).
CREATE TABLE passkey_challenges (
  challenge TEXT PRIMARY KEY,
  player TEXT,
  expires INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE player_tokens (
  token_hash TEXT PRIMARY KEY,
  player TEXT NOT NULL,
  created_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX player_tokens_player ON player_tokens (player);
