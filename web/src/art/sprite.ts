// The emblem sprite as the build ships it (web/vite.config.ts): every card in the catalogue gets a
// symbol under its id, and one without an emblem of its own is drawn with its type's fallback
// (a beast, a humanoid, an undead, a hero, a location), so a new card never shows a blank face.
// test/engine/emblems.test.ts checks that every card has its own all the same.

/** A card and the fallback drawn for it when the sprite has no emblem under its id. */
export interface EmblemCard { id: string; fallback: 'beast' | 'humanoid' | 'undead' | 'hero' | 'location' }

const symbolRe = /<symbol id="([^"]+)"[^>]*>([\s\S]*?)<\/symbol>/g;

/** The ids of the sprite's symbols, in order. */
export const symbolIds = (svg: string): string[] => [...svg.matchAll(symbolRe)].map((m) => m[1]!);

/** The sprite with a symbol added for each card that has none: a copy of its type's fallback. */
export function withFallbacks(svg: string, cards: readonly EmblemCard[]): string {
  const drawn = new Map([...svg.matchAll(symbolRe)].map((m) => [m[1]!, m[2]!]));
  const added = cards.filter((c) => !drawn.has(c.id)).map((c) => {
    const art = drawn.get(`fallback-${c.fallback}`);
    if (art === undefined) throw new Error(`the emblem sprite has no fallback-${c.fallback}`);
    return `<symbol id="${c.id}" viewBox="0 0 32 32">${art}</symbol>\n`;
  });
  if (!added.length) return svg;
  const end = svg.lastIndexOf('</svg>');
  return svg.slice(0, end) + added.join('') + svg.slice(end);
}
