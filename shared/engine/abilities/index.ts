// The card set's rules: every handler registers into the registry (registry.ts) here, keyed by
// card id. Swapping the card set means swapping these tables and catalog.ts; the turn
// machinery stays. Importing this module is what puts the cards' rules in play (setup.ts,
// apply.ts and view.ts do).
import { registerHero, registerLocation, registerMinion } from '../registry';
import { HERO_HOOKS } from './heroes';
import { LOCATION_HOOKS } from './locations';
import { MINION_HOOKS } from './minions';

for (const [id, hooks] of Object.entries(MINION_HOOKS)) registerMinion(id, hooks);
for (const [id, hooks] of Object.entries(HERO_HOOKS)) registerHero(id, hooks);
for (const [id, hooks] of Object.entries(LOCATION_HOOKS)) registerLocation(id, hooks);

export { HERO_HOOKS, LOCATION_HOOKS, MINION_HOOKS };
