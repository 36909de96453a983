// /tv's choice (web/src/tv-pick.ts): most spectators, else the most recent activity (the list's
// order), never a match just seen to end; nothing to pick without a `live` list.
import { describe, expect, it } from 'vitest';
import { pickLive } from '../../web/src/tv-pick';

describe('pickLive', () => {
  it('takes the match with the most spectators', () => {
    expect(pickLive([{ id: 'a', spectators: 1 }, { id: 'b', spectators: 7 }, { id: 'c', spectators: 3 }])).toBe('b');
  });
  it('among equals (none watching, say), the most recently active: the first in the list', () => {
    expect(pickLive([{ id: 'new', spectators: 0 }, { id: 'old', spectators: 0 }])).toBe('new');
    expect(pickLive([{ id: 'x', spectators: 2 }, { id: 'y', spectators: 5 }, { id: 'z', spectators: 5 }])).toBe('y');
  });
  it('skips the match that just ended', () => {
    expect(pickLive([{ id: 'done', spectators: 9 }, { id: 'next', spectators: 1 }], ['done'])).toBe('next');
    expect(pickLive([{ id: 'done', spectators: 9 }], ['done'])).toBeNull();
  });
  it('answers null for an empty or absent list, so /tv falls back to the house match', () => {
    expect(pickLive([])).toBeNull();
    expect(pickLive(undefined)).toBeNull();
  });
});
