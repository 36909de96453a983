// The hook registry: every card's rules, keyed by id. Swapping the card set
// means swapping these tables and catalog.ts; the turn machinery stays.
export { MINION_HOOKS } from './minions';
export { HERO_HOOKS } from './heroes';
export { LOCATION_HOOKS } from './locations';
