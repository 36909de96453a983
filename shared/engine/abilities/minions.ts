// Minion abilities (docs/RULES.md, The catalogue), keyed by kind id. Each handler does what
// its text says through the shared ops, and asks through `ask` when its owner
// (or the active player, where the text says so) has a choice; its `decisions` resume the
// answers, and texts/minions.ts words them.
import { adjacent, adjacentIds, besideInHorde, find, isAdjacent, movable } from '../board';
import { ask } from '../decide';
import type { Cell, MinionHooks } from '../hooks';
import { cardOf, ownerOf } from '../ids';
import { addPeril, addVP, defeat, enter, minion, moveTokens, moveToBack, place, say, swap, takeOut, schedule, toHaven, who } from '../ops';
import { playCard } from '../turn';
import type { CardId, GameState } from '../types';

const same = (a: Cell, b: Cell) => a.col === b.col && a.row === b.row;
const cellsToIds = (g: GameState, cells: Cell[]) => cells.map((c) => g.hordes[c.col]![c.row]!);

const familiar: MinionHooks = {
  immediate(g, card) {
    const seat = ownerOf(card);
    const hand = g.hands[seat]!;
    if (!hand.length) return;
    ask(g, seat, 'familiar-extra', [...hand, 'none'], 'scheming-familiar', { card });
  },
  decisions: {
    'familiar-extra'(g, ctx: { card: CardId }, answer) {
      if (answer === 'none') return say(g, `${minion(g, ctx.card)} plays nothing more.`);
      ask(g, ownerOf(ctx.card), 'familiar-location', [...g.locations], 'scheming-familiar', { card: answer });
    },
    'familiar-location'(g, ctx: { card: CardId }, location) {
      playCard(g, ownerOf(ctx.card), ctx.card, location);
    },
  },
};

const griffin: MinionHooks = {
  place(g, card, col) {
    const n = g.hordes[col]!.length;
    const options: string[] = [];
    for (let k = 0; k <= n; k++) options.push(String(k)); // not Array.from: its generic path is slow
    ask(g, ownerOf(card), 'griffin-position', options, 'spotted-griffin', { card, col });
    return true;
  },
  immediate(g, card) {
    const cell = find(g, card)!;
    const horde = g.hordes[cell.col]!;
    if (horde.length < 2) return; // it started a new horde
    const back = horde[horde.length - 1];
    const options = horde.filter((id) => id !== card && id !== back && movable(id));
    if (!options.length) return;
    ask(g, ownerOf(card), 'griffin-move', [...options, 'none'], 'spotted-griffin', { card });
  },
  decisions: {
    'griffin-position'(g, ctx: { card: CardId; col: number }, answer) {
      enter(g, ctx.card, ctx.col, Number(answer));
      if (Number(answer) < g.hordes[ctx.col]!.length - 1) say(g, `${minion(g, ctx.card)} slips into place ${answer}.`);
    },
    'griffin-move'(g, ctx: { card: CardId }, answer) {
      if (answer === 'none') return;
      const col = find(g, ctx.card)!.col;
      moveToBack(g, answer, col);
      say(g, `${minion(g, ctx.card)} sends ${minion(g, answer)} to the back.`);
    },
  },
};

const wolf: MinionHooks = {
  immediate(g, card) {
    const options = adjacentIds(g, card);
    if (!options.length) return say(g, `${minion(g, card)} howls, but no minion is adjacent.`);
    if (g.perilSupply <= 0) return say(g, `${minion(g, card)} howls, but no peril token is left.`);
    ask(g, ownerOf(card), 'wolf-target', options, 'moor-wolf', { card });
  },
  decisions: {
    'wolf-target'(g, ctx: { card: CardId }, answer) {
      addPeril(g, answer);
      say(g, `${minion(g, ctx.card)} puts a peril token on ${minion(g, answer)}.`);
    },
  },
};

const cutpurse: MinionHooks = {
  immediate(g, card) {
    const options = adjacentIds(g, card).filter((id) => (g.vpOn[id] ?? 0) > 0);
    if (!options.length) return pocket(g, card);
    ask(g, ownerOf(card), 'cutpurse-target', [...options, 'none'], 'sly-cutpurse', { card });
  },
  decisions: {
    'cutpurse-target'(g, ctx: { card: CardId }, answer) {
      if (answer === 'none') return pocket(g, ctx.card);
      const n = moveTokens(g, 'vp', answer, ctx.card);
      say(g, `${minion(g, ctx.card)} steals ${n} VP in tokens from ${minion(g, answer)}.`);
    },
  },
};

function pocket(g: GameState, card: CardId): void {
  addVP(g, card, 1);
  say(g, `${minion(g, card)} takes a 1-VP token.`);
}

const trickster: MinionHooks = {
  immediate(g, card) {
    const options = adjacentIds(g, card).filter(movable);
    if (!options.length) return;
    ask(g, ownerOf(card), 'trickster-swap', [...options, 'none'], 'mirror-trickster', { card });
  },
  decisions: {
    'trickster-swap'(g, ctx: { card: CardId }, answer) {
      if (answer === 'none') return;
      swap(g, ctx.card, answer);
      say(g, `${minion(g, ctx.card)} swaps places with ${minion(g, answer)}.`);
    },
  },
};

const minotaur: MinionHooks = {
  afterAttack(g, card, at) {
    if (at.col !== g.attack!.col) return; // only after attacks on its own horde
    const near = cellsToIds(g, adjacent(g, at.col, at.row));
    if (!near.length) return;
    const best = Math.max(...near.map((id) => cardOf(id).vp));
    const tied = near.filter((id) => cardOf(id).vp === best);
    ask(g, g.active, 'minotaur-tie', tied, 'charging-minotaur', { card });
  },
  decisions: {
    'minotaur-tie'(g, ctx: { card: CardId }, answer) {
      say(g, `${minion(g, ctx.card)} charges.`);
      const after = defeat(g, answer, false);
      if (after) g.tasks.push(after); // its "when defeated" resolves right away (R13)
    },
  },
};

const ghast: MinionHooks = {
  afterAttack(g, card) {
    addVP(g, card, 1);
    say(g, `${minion(g, card)} feeds and takes a 1-VP token.`);
  },
};

const ghoul: MinionHooks = {
  whenDefeated(g, card, col, adj) {
    const recipients = adj.filter((id) => {
      const c = find(g, id);
      return c !== null && c.col !== col;
    });
    if (!recipients.length) return;
    if (g.perilSupply >= recipients.length) {
      for (const id of recipients) addPeril(g, id);
      return say(g, `${minion(g, card)} bursts: a peril token on ${recipients.map((id) => minion(g, id)).join(', ')}.`);
    }
    if (g.perilSupply === 0) return say(g, `${minion(g, card)} bursts, but no peril token is left.`);
    askGhoul(g, card, recipients, g.perilSupply);
  },
  decisions: {
    'ghoul-token'(g, ctx: { card: CardId; left: number; recipients: CardId[] }, answer) {
      addPeril(g, answer);
      say(g, `${minion(g, ctx.card)} bursts: a peril token on ${minion(g, answer)}.`);
      if (ctx.left > 1) askGhoul(g, ctx.card, ctx.recipients.filter((id) => id !== answer), ctx.left - 1);
    },
  },
};

function askGhoul(g: GameState, card: CardId, recipients: CardId[], left: number): void {
  ask(g, ownerOf(card), 'ghoul-token', recipients, 'bloated-ghoul', { card, left, recipients });
}

const bones: MinionHooks = {
  whenDefeated(g, card, col) {
    const attacked = g.attack!.col;
    const options = g.locations.filter((_, c) => c !== col && c !== attacked && g.hordes[c]!.length > 0);
    if (!options.length) return;
    ask(g, ownerOf(card), 'bones-return', [...options, 'none'], 'restless-bones', { card });
  },
  decisions: {
    'bones-return'(g, ctx: { card: CardId }, answer) {
      if (answer === 'none') return;
      const a = g.attack!;
      a.defeated.splice(a.defeated.indexOf(ctx.card), 1);
      const col = g.locations.indexOf(answer);
      g.hordes[col]!.push(ctx.card);
      say(g, `${minion(g, ctx.card)} rises again at the back of the horde at ${place(g, col)}.`);
    },
  },
};

const smuggler: MinionHooks = {
  whenEscaping(g, card, col) {
    const seat = ownerOf(card);
    const options: CardId[] = [];
    for (const horde of g.hordes) for (const id of horde) if (ownerOf(id) === seat && movable(id)) options.push(id);
    if (!options.length) return;
    ask(g, seat, 'smuggler-rescue', [...options, 'none'], 'tunnel-smuggler', { card, col });
  },
  decisions: {
    'smuggler-rescue'(g, ctx: { card: CardId; col: number }, answer) {
      if (answer === 'none') return;
      const from = find(g, answer)!;
      takeOut(g, from.col, from.row);
      const vp = toHaven(g, answer, ctx.col);
      say(g, `${minion(g, ctx.card)} smuggles ${minion(g, answer)} to safety at ${place(g, ctx.col)}` +
        (vp ? `; ${who(g, ownerOf(answer))} collects ${vp} VP.` : '.'));
      schedule(g, { t: 'escaping', card: answer, col: ctx.col });
    },
  },
};

export const MINION_HOOKS: Record<string, MinionHooks> = {
  'scheming-familiar': familiar,
  'charging-minotaur': minotaur,
  'spotted-griffin': griffin,
  'moor-wolf': wolf,
  'ironshell-tortoise': {
    protects: (g, self, target) =>
      same(self, target) && adjacent(g, self.col, self.row).some((c) => cardOf(g.hordes[c.col]![c.row]!).type === 'beast'),
  },
  'sly-cutpurse': cutpurse,
  'tunnel-smuggler': smuggler,
  'stalwart-shieldbearer': { protects: (g, self, target) => !same(self, target) && isAdjacent(self, target, g) },
  'mirror-trickster': trickster,
  'cowering-goblin': {
    perilAura: (_g, self, target) => (besideInHorde(self, target) ? -1 : 0),
  },
  'bloated-ghoul': ghoul,
  'restless-bones': bones,
  'drifting-wraith': { zonePeril: 0 },
  'barrow-colossus': { immovable: true },
  'carrion-ghast': ghast,
  'vampire-countess': { hunted: true },
};
