// Every card's face shows its emblem from one sprite (web/src/art/emblems.svg). Each card of the
// catalogue must have its own; the build draws one that has none with its type's fallback
// (web/src/art/sprite.ts), so a card added without one shows that instead of a blank face.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HEROES, LOCATIONS, MINIONS } from '../../shared/engine';
import { symbolIds, withFallbacks } from '../../web/src/art/sprite';

const sprite = readFileSync(join(import.meta.dirname, '..', '..', 'web', 'src', 'art', 'emblems.svg'), 'utf8');
const ids = symbolIds(sprite);
const FALLBACKS = ['beast', 'humanoid', 'undead', 'hero', 'location'].map((t) => `fallback-${t}`);
const cards = [...MINIONS, ...HEROES, ...LOCATIONS];

describe('the emblem sprite', () => {
  it('draws every card of the catalogue once, under its id', () => {
    const missing = cards.filter((c) => !ids.includes(c.id)).map((c) => c.id);
    expect(missing, 'draw an emblem for each in web/src/art/emblems.svg').toEqual([]);
    expect(ids.length).toBe(new Set(ids).size);
  });

  it('holds nothing else but the fallbacks and the card back', () => {
    expect(ids.filter((id) => !cards.some((c) => c.id === id)).sort()).toEqual([...FALLBACKS, 'card-back'].sort());
  });

  it('gives a card without an emblem its type\'s fallback, and leaves a complete sprite as it is', () => {
    const art = (svg: string, id: string) => svg.match(new RegExp(`<symbol id="${id}"[^>]*>([\\s\\S]*?)</symbol>`))?.[1];
    const built = withFallbacks(sprite, [{ id: 'lantern-imp', fallback: 'beast' }, { id: 'tamsin-tokenwright', fallback: 'hero' }, { id: 'dire-bear', fallback: 'beast' }]);
    expect(symbolIds(built)).toEqual([...ids, 'lantern-imp', 'tamsin-tokenwright']);
    expect(art(built, 'lantern-imp')).toBe(art(sprite, 'fallback-beast'));
    expect(art(built, 'tamsin-tokenwright')).toBe(art(sprite, 'fallback-hero'));
    expect(art(built, 'dire-bear')).toBe(art(sprite, 'dire-bear'));
    expect(withFallbacks(sprite, cards.map((c) => ({ id: c.id, fallback: 'location' })))).toBe(sprite);
    expect(() => withFallbacks('<svg></svg>', [{ id: 'x', fallback: 'undead' }])).toThrow(/no fallback-undead/);
  });
});
