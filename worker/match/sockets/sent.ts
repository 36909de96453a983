// The last view sent to each viewer (a seat, or all spectators), kept for the
// opt-in `patch` messages: the next view goes out as a diff against it. Each
// view has a serial (one counter for the object); a socket's attachment holds
// `since`, the serial of the view it was known to hold. A socket gets every
// broadcast while open, so one with since <= the viewer's serial holds that
// view: it gets a patch.
//
// Memory only, on purpose: writing every view to storage made each move several
// writes of kilobytes. After hibernation the map is empty, so the first update
// goes out as a whole `state` (always acceptable to a client) and the patches
// resume from there: a socket's old `since` never meets a view it did not get.
import type { View } from '../../../shared/protocol';

export interface SentView { serial: number; view: View }

export class SentViews {
  private views = new Map<number | null, SentView>();
  private top = 0;

  get(seat: number | null): SentView | null {
    return this.views.get(seat) ?? null;
  }

  /** Record `view` as the one this viewer's patch sockets now hold; returns its serial. */
  put(seat: number | null, view: View): number {
    const serial = ++this.top;
    this.views.set(seat, { serial, view });
    return serial;
  }
}
