// A possible world behind one seat's view: everything the view shows, and the
// hidden cards (other hands, every deck, the hero deck) dealt at random from
// what the view has not shown. A bot looks ahead in such worlds only, so it
// cannot know more than its seat does.
import { deckOf, heroCards, shuffle, type CardId, type GameState, type Rng, type View } from '../engine';

/** The deciding seat's view of a decision in progress. */
export function determinize(view: View, rng: Rng): GameState {
  const seat = view.you;
  const p = view.pending;
  if (seat === null || !p || p.seat !== seat || !p.next) throw new Error('determinize: the view holds no decision of its own');
  const P = view.players.length;
  const next = p.next;

  const seen = new Set<CardId>();
  const see = (ids: CardId[]) => ids.forEach((id) => seen.add(id));
  view.locations.forEach((l) => { see(l.horde.map((m) => m.card)); see(l.haven); });
  view.players.forEach((pl) => see(pl.discard));
  see(next.attack?.defeated ?? []);
  see(view.hand ?? []);

  const hands: CardId[][] = [];
  const decks: CardId[][] = [];
  for (let s = 0; s < P; s++) {
    const unseen = shuffle(rng, deckOf(s).filter((id) => !seen.has(id)));
    const pl = view.players[s]!;
    // Every minion is in exactly one place: what the view has not shown is in the hand or the deck.
    if (unseen.length !== pl.deckSize + (s === seat ? 0 : pl.handSize)) {
      throw new Error(`determinize: seat ${s} has ${unseen.length} unseen minions for a hand of ${pl.handSize} and a deck of ${pl.deckSize}`);
    }
    if (s === seat) {
      hands.push(view.hand!.slice());
      decks.push(unseen);
    } else {
      hands.push(unseen.slice(0, pl.handSize));
      decks.push(unseen.slice(pl.handSize));
    }
  }
  const gone = new Set([...view.pastHeroes, ...(view.hero ? [view.hero] : [])]);
  const heroDeck = shuffle(rng, heroCards().map((h) => h.id).filter((id) => !gone.has(id))).slice(0, view.heroesLeft);

  const vpOn: Record<CardId, number> = {};
  const perilOn: Record<CardId, number> = {};
  for (const l of view.locations) {
    for (const m of l.horde) {
      if (m.vp) vpOn[m.card] = m.vp;
      if (m.peril) perilOn[m.card] = m.peril;
    }
  }
  const options = p.kind === 'play' ? [] : p.options!.map((o) => (o as { option: string }).option);
  // The fields in the engine's own order (setup.ts): states of one shape keep the engine's
  // hot functions monomorphic.
  return {
    players: P,
    names: view.players.map((pl) => pl.name),
    // Nothing draws after the deal, so a world needs no generator.
    rng: null,
    first: 0,
    locations: view.locations.map((l) => l.id),
    sideCards: [],
    hordes: view.locations.map((l) => l.horde.map((m) => m.card)),
    havens: view.locations.map((l) => l.haven.slice()),
    hands,
    decks,
    discards: view.players.map((pl) => pl.discard.slice()),
    heldVP: view.players.map((pl) => pl.vp),
    vpOn,
    perilOn,
    perilSupply: view.perilSupply,
    heroDeck,
    pastHeroes: view.pastHeroes.slice(),
    hero: view.hero,
    active: view.active,
    lastTurn: (view.active + P - 1) % P,
    turn: view.turn,
    attacks: view.pastHeroes.length + (next.attack ? 1 : 0),
    attack: next.attack && {
      ...next.attack, defeated: next.attack.defeated.slice(), done: next.attack.done.slice(), queue: next.attack.queue.slice(),
    },
    tasks: next.tasks.slice(),
    pending: { seat, kind: p.kind, options, prompt: p.prompt, by: next.by, ctx: next.ctx },
    version: view.version,
    seq: 0,
    log: [],
    over: false,
    result: null,
  };
}
