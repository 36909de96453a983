// Table chat (private matches only): a line is plain text, 1 to CHAT_MAX code points once
// cleaned. Cleaned as names are (what shows as nothing is dropped, so a line cannot reverse or
// hide the text around it), and on one line: runs of white space, new lines included, are one space.
import { cleanName } from './names';

export const CHAT_MAX = 200;

/** The line as it will be shown. */
export const cleanChat = (s: string): string => cleanName(s.replace(/\s+/gu, ' '));

/** One line said at the table: by a seat, under the name it had then. */
export interface ChatLine { seq: number; seat: number; name: string; text: string; at: number }
