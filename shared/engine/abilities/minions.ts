// Minion abilities (docs/RULES.md, The catalogue), keyed by kind id. Each handler does what
// its text says through the shared ops, and asks through `ask` when its owner
// (or the active player, where the text says so) has a choice.
import { adjacent, adjacentIds, besideInHorde, find, isAdjacent, movable } from '../board';
import { ask } from '../decide';
import type { Cell, MinionHooks } from '../hooks';
import { cardOf, ownerOf } from '../ids';
import { addPeril, addVP, defeat, enter, minion, moveToBack, place, say, swap, takeOut, schedule, toHaven, who } from '../ops';
import { playCard } from '../turn';
import type { CardId, GameState } from '../types';

const same = (a: Cell, b: Cell) => a.col === b.col && a.row === b.row;
const cellsToIds = (g: GameState, cells: Cell[]) => cells.map((c) => g.hordes[c.col]![c.row]!);

const familiar: MinionHooks = {
  immediate(g, card) {
    const seat = ownerOf(card);
    const hand = g.hands[seat]!;
    if (!hand.length) return;
    ask(g, seat, 'familiar-extra', [...hand, 'none'],
      'Scheming Familiar: you may play one other minion from your hand.', 'scheming-familiar', { card });
  },
  decisions: {
    'familiar-extra': {
      who: 'the Familiar\'s owner',
      options: 'minions in hand, `none`',
      waiting: 'is deciding whether to play a second minion (Scheming Familiar)',
      resume(g, ctx: { card: CardId }, answer) {
        if (answer === 'none') return say(g, `${minion(g, ctx.card)} plays nothing more.`);
        ask(g, ownerOf(ctx.card), 'familiar-location', [...g.locations],
          `Scheming Familiar: choose where to play your ${cardOf(answer).name}.`, 'scheming-familiar', { card: answer });
      },
    },
    'familiar-location': {
      who: 'the Familiar\'s owner',
      options: 'every location in play',
      waiting: 'is choosing where the second minion goes',
      resume(g, ctx: { card: CardId }, location) {
        playCard(g, ownerOf(ctx.card), ctx.card, location);
      },
    },
  },
};

const griffin: MinionHooks = {
  place(g, card, col) {
    const n = g.hordes[col]!.length;
    const options: string[] = [];
    for (let k = 0; k <= n; k++) options.push(String(k)); // not Array.from: its generic path is slow
    ask(g, ownerOf(card), 'griffin-position', options,
      `Spotted Griffin: choose its place in the horde (0 = front, ${n} = back).`, 'spotted-griffin', { card, col });
    return true;
  },
  immediate(g, card) {
    const cell = find(g, card)!;
    const horde = g.hordes[cell.col]!;
    if (horde.length < 2) return; // it started a new horde
    const back = horde[horde.length - 1];
    const options = horde.filter((id) => id !== card && id !== back && movable(id));
    if (!options.length) return;
    ask(g, ownerOf(card), 'griffin-move', [...options, 'none'],
      'Spotted Griffin: you may move one other minion of this horde to its back.', 'spotted-griffin', { card });
  },
  decisions: {
    'griffin-position': {
      who: 'the Griffin\'s owner',
      options: '`"0"` (front) … `"n"` (back) for a horde of n',
      waiting: 'is choosing where the Spotted Griffin joins the horde',
      resume(g, ctx: { card: CardId; col: number }, answer) {
        enter(g, ctx.card, ctx.col, Number(answer));
        if (Number(answer) < g.hordes[ctx.col]!.length - 1) say(g, `${minion(g, ctx.card)} slips into place ${answer}.`);
      },
    },
    'griffin-move': {
      who: 'the Griffin\'s owner',
      options: 'other movable minions of its horde not at the back, `none`',
      waiting: 'is deciding whether the Spotted Griffin moves a minion',
      resume(g, ctx: { card: CardId }, answer) {
        if (answer === 'none') return;
        const col = find(g, ctx.card)!.col;
        moveToBack(g, answer, col);
        say(g, `${minion(g, ctx.card)} sends ${minion(g, answer)} to the back.`);
      },
    },
  },
};

const wolf: MinionHooks = {
  immediate(g, card) {
    const options = adjacentIds(g, card);
    if (!options.length) return say(g, `${minion(g, card)} howls, but no minion is adjacent.`);
    if (g.perilSupply <= 0) return say(g, `${minion(g, card)} howls, but no peril token is left.`);
    ask(g, ownerOf(card), 'wolf-target', options,
      'Howling Moor-Wolf: choose an adjacent minion to receive a peril token.', 'moor-wolf', { card });
  },
  decisions: {
    'wolf-target': {
      who: 'the Wolf\'s owner',
      options: 'adjacent minions',
      waiting: 'is choosing where the Howling Moor-Wolf puts a peril token',
      resume(g, ctx: { card: CardId }, answer) {
        addPeril(g, answer);
        say(g, `${minion(g, ctx.card)} puts a peril token on ${minion(g, answer)}.`);
      },
    },
  },
};

const cutpurse: MinionHooks = {
  immediate(g, card) {
    const options = adjacentIds(g, card).filter((id) => (g.vpOn[id] ?? 0) > 0);
    if (!options.length) return pocket(g, card);
    ask(g, ownerOf(card), 'cutpurse-target', [...options, 'none'],
      'Sly Cutpurse: you may take all VP tokens from an adjacent minion (otherwise take a 1-VP token).',
      'sly-cutpurse', { card });
  },
  decisions: {
    'cutpurse-target': {
      who: 'the Cutpurse\'s owner',
      options: 'adjacent minions carrying VP tokens, `none`',
      waiting: 'is deciding whose VP tokens the Sly Cutpurse takes',
      resume(g, ctx: { card: CardId }, answer) {
        if (answer === 'none') return pocket(g, ctx.card);
        const n = g.vpOn[answer]!;
        delete g.vpOn[answer];
        addVP(g, ctx.card, n);
        say(g, `${minion(g, ctx.card)} steals ${n} VP in tokens from ${minion(g, answer)}.`);
      },
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
    ask(g, ownerOf(card), 'trickster-swap', [...options, 'none'],
      'Mirror Trickster: you may swap places with an adjacent minion.', 'mirror-trickster', { card });
  },
  decisions: {
    'trickster-swap': {
      who: 'the Trickster\'s owner',
      options: 'adjacent movable minions, `none`',
      waiting: 'is deciding whether the Mirror Trickster swaps places',
      resume(g, ctx: { card: CardId }, answer) {
        if (answer === 'none') return;
        swap(g, ctx.card, answer);
        say(g, `${minion(g, ctx.card)} swaps places with ${minion(g, answer)}.`);
      },
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
    ask(g, g.active, 'minotaur-tie', tied,
      'Charging Minotaur: choose which of the tied adjacent minions it defeats.', 'charging-minotaur', { card });
  },
  decisions: {
    'minotaur-tie': {
      who: 'the active player',
      options: 'the tied adjacent minions',
      waiting: 'is choosing which minion the Charging Minotaur defeats',
      resume(g, ctx: { card: CardId }, answer) {
        say(g, `${minion(g, ctx.card)} charges.`);
        const after = defeat(g, answer, false);
        if (after) g.tasks.push(after); // its "when defeated" resolves right away (R13)
      },
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
    'ghoul-token': {
      who: 'the Ghoul\'s owner',
      options: 'neighbours still without a token, asked once per token left',
      waiting: 'is choosing who gets the Bloated Ghoul’s peril tokens',
      resume(g, ctx: { card: CardId; left: number; recipients: CardId[] }, answer) {
        addPeril(g, answer);
        say(g, `${minion(g, ctx.card)} bursts: a peril token on ${minion(g, answer)}.`);
        if (ctx.left > 1) askGhoul(g, ctx.card, ctx.recipients.filter((id) => id !== answer), ctx.left - 1);
      },
    },
  },
};

function askGhoul(g: GameState, card: CardId, recipients: CardId[], left: number): void {
  ask(g, ownerOf(card), 'ghoul-token', recipients,
    `Bloated Ghoul: ${left === 1 ? 'one peril token is' : `${left} peril tokens are`} left; choose a minion to receive one.`,
    'bloated-ghoul', { card, left, recipients });
}

const bones: MinionHooks = {
  whenDefeated(g, card, col) {
    const attacked = g.attack!.col;
    const options = g.locations.filter((_, c) => c !== col && c !== attacked && g.hordes[c]!.length > 0);
    if (!options.length) return;
    ask(g, ownerOf(card), 'bones-return', [...options, 'none'],
      'Restless Bones: you may put it at the back of another horde instead of your discard pile.',
      'restless-bones', { card });
  },
  decisions: {
    'bones-return': {
      who: 'the Bones\' owner',
      options: 'locations of the hordes it may join, `none`',
      waiting: 'is deciding where the Restless Bones return',
      resume(g, ctx: { card: CardId }, answer) {
        if (answer === 'none') return;
        const a = g.attack!;
        a.defeated.splice(a.defeated.indexOf(ctx.card), 1);
        const col = g.locations.indexOf(answer);
        g.hordes[col]!.push(ctx.card);
        say(g, `${minion(g, ctx.card)} rises again at the back of the horde at ${place(g, col)}.`);
      },
    },
  },
};

const smuggler: MinionHooks = {
  whenEscaping(g, card, col) {
    const seat = ownerOf(card);
    const options: CardId[] = [];
    for (const horde of g.hordes) for (const id of horde) if (ownerOf(id) === seat && movable(id)) options.push(id);
    if (!options.length) return;
    ask(g, seat, 'smuggler-rescue', [...options, 'none'],
      'Tunnel Smuggler: you may bring one of your minions from a horde into this safe haven.',
      'tunnel-smuggler', { card, col });
  },
  decisions: {
    'smuggler-rescue': {
      who: 'the Smuggler\'s owner',
      options: 'own movable minions in hordes, `none`',
      waiting: 'is deciding whether the Tunnel Smuggler rescues a minion',
      resume(g, ctx: { card: CardId; col: number }, answer) {
        if (answer === 'none') return;
        const from = find(g, answer)!;
        takeOut(g, from.col, from.row);
        const vp = toHaven(g, answer, ctx.col);
        say(g, `${minion(g, ctx.card)} smuggles ${minion(g, answer)} to safety at ${place(g, ctx.col)}` +
          (vp ? `; ${who(g, ownerOf(answer))} collects ${vp} VP.` : '.'));
        schedule(g, { t: 'escaping', card: answer, col: ctx.col });
      },
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
