// The alarm's jobs. The object has one alarm; the job it is for is stored beside it (meta `due`,
// with the state version it is for: clock.ts), so a second delivery, or an alarm left over from
// before a person acted, finds the version moved on and does nothing. Its deletion (retention.ts)
// and, while it waits for players, the public list's look (listing.ts) ride the same alarm.
import { ALARM_SLACK_MS, type Due } from '../shared/config';
import { logEvent } from '../shared/log';
import { act, type Mover } from './moves';
import * as retention from './retention';
import type { Room } from './room';
import { botMove, botRng, isCurrent } from './table/clock';
import { recordPending, retryAt } from './table/players';
import * as presence from './table/presence';

/** Runs the job due now, if it is still the one for the current version. */
export async function runAlarm(room: Room): Promise<void> {
  room.alarmUnknown();
  // No match here (deleted, or never made): nothing to do, and nothing is written.
  const config = room.cfg();
  if (!config) return;
  // Its time is up: whatever else was due, it goes.
  const expires = room.expiresAt();
  if (retention.expired(expires, Date.now(), ALARM_SLACK_MS)) return expire(room);
  const g = room.state();
  // Waiting for players: the public list's look, or (early) the deletion.
  if (!g) {
    await room.armWaiting(await room.listing.alarm(config, room.presence(), ALARM_SLACK_MS));
    return room.publisher.changed();
  }
  // Over: the players' lists if their write failed (table/players.ts), then the deletion is the only job.
  if (g.over) {
    await recordPending(room);
    return room.setAlarm(Math.min(expires!, retryAt(room.store) ?? Infinity));
  }
  const due = room.store.getMeta<Due>('due');
  // A job for another version or seat: the state moved on and its own job was not stored or
  // armed (on purpose for an idle seat's, room.ts earlyWakeWillDo). Plan it now: an alarm that
  // ends without arming one deletes itself, and the match would wait for nobody.
  if (!isCurrent(due, g)) return room.schedule();
  // Early (a duplicate of an older alarm): wait for the real time. Small slack for the frozen clock.
  if (Date.now() + ALARM_SLACK_MS < due.at) return room.setAlarm(due.at);
  // No move for STALLED_MATCH_DAYS: stand-ins play every person's seat to the end.
  if (due.kind === 'stalled') room.setPresence(retention.abandon(room.presence(), room.seats()));
  // Idle: nothing to play, the others may now hand this seat to a stand-in, and their views say
  // so (a gone person's grace period may still end later: that job comes next).
  if (due.kind === 'stalled' || due.kind === 'idle') return room.deliver();
  return botTurn(room, due);
}

/**
 * A bot's move for the deciding seat: its own, a stand-in's for a person gone past the grace
 * period (who keeps it until they are back), or a clock's that ran out (that one move only).
 */
async function botTurn(room: Room, due: Due): Promise<void> {
  const g = room.state()!;
  const config = room.cfg()!;
  const row = room.seats()[due.seat]!;
  const rng = botRng(config.seed, g.version, due.seat);
  if (due.kind === 'away') room.setPresence(presence.standIn(room.presence(), due.seat));
  const level = presence.levelFor(row, config);
  const by: Mover = row.kind === 'bot' ? 'bot' : 'stand-in';
  let refusal = await act(room, due.seat, botMove(g, due.seat, level, rng), g.version, by);
  // A bot's mistake must not stall the match (a thrown alarm would retry the same move).
  if (refusal && level !== 'random') refusal = await act(room, due.seat, botMove(g, due.seat, 'random', rng), g.version, by);
  if (refusal) {
    logEvent('failed', { match: config.id, code: refusal.code, where: 'alarm', seat: due.seat });
    throw new Error(`bot move refused: ${refusal.code} ${refusal.message}`);
  }
}

/** Its time is up: storage, alarm and sockets go, memory forgets, the shared indexes forget it. */
async function expire(room: Room): Promise<void> {
  const config = room.cfg()!;
  const started = room.state() !== null;
  await retention.erase(room.ctx);
  room.forget();
  retention.logDeleted(config, started, Date.now());
  // Best effort: the list drops entries whose match answers no summary, and any after 24 h.
  if (!started) {
    await retention.forgetEverywhere(room.env, config).catch((e: unknown) => {
      logEvent('failed', { match: config.id, where: 'retention', code: 'internal', message: String(e) });
    });
  }
}
