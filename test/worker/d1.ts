// Every worker test file starts with the D1 database's tables (migrations/, read by vitest.config.ts),
// as `npm start` makes them; migrations already applied are skipped.
import { applyD1Migrations, env } from 'cloudflare:test';

declare global {
  namespace Cloudflare {
    interface Env {
      /** The migrations, read in Node by vitest.config.ts (readD1Migrations). */
      TEST_MIGRATIONS: import('cloudflare:test').D1Migration[];
    }
  }
}

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
