// The part of the `glicko2` package (CommonJS, no types of its own) that ratings.ts uses.
declare module 'glicko2' {
  export interface Glicko2Player {
    getRating(): number;
    getRd(): number;
    getVol(): number;
  }
  export class Glicko2 {
    constructor(settings: { tau: number; rating: number; rd: number; vol: number });
    makePlayer(rating?: number, rd?: number, vol?: number): Glicko2Player;
    /** Groups of players from first place to last; each pair's outcome is by place (a shared place: a draw). */
    makeRace(results: Glicko2Player[][]): unknown;
    updateRatings(matchesOrRace: unknown): void;
  }
}
