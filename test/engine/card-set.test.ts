// Cards are data plus handlers: the turn machinery never names a card, so a
// different card set (the printed one, say) replaces catalog.ts, texts/ (the
// cards' words) and abilities/ and nothing else.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HEROES, LOCATIONS, MINIONS } from '../../shared/engine';
import { HERO_HOOKS, LOCATION_HOOKS, MINION_HOOKS } from '../../shared/engine/abilities';

const engine = join(import.meta.dirname, '..', '..', 'shared', 'engine');
const machinery = readdirSync(engine).filter((f) => f.endsWith('.ts') && f !== 'catalog.ts');

describe('the card set', () => {
  it.each(machinery)('%s names no card, hero or location', (file) => {
    const text = readFileSync(join(engine, file), 'utf8');
    for (const { id } of [...MINIONS, ...HEROES, ...LOCATIONS]) expect(text, id).not.toContain(`'${id}'`);
  });

  it('has a handler for every card with an ability, and only for cards in the catalogue', () => {
    const withText = (cards: readonly { id: string; timing: string }[]) =>
      cards.filter((c) => c.timing !== 'none').map((c) => c.id).sort();
    expect(Object.keys(MINION_HOOKS).sort()).toEqual(withText(MINIONS));
    expect(Object.keys(HERO_HOOKS).sort()).toEqual(withText(HEROES));
    expect(Object.keys(LOCATION_HOOKS).sort()).toEqual(withText(LOCATIONS));
  });
});
