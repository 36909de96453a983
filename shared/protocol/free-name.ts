// A free name for a table: the one asked for, numbered past the names it holds. Apart from names.ts,
// so the match page's bundle does not carry it: only the join page and the server need it.

/**
 * `name` if it is free, else the first of "name 2", "name 3"… that is (a name ending in a number
 * counts on from it: "Ann 2" taken gives "Ann 3"), cut to fit 24 characters. `taken` says whether a
 * name reads like one the table holds: the server asks nameKey, the web client a rougher fold (it
 * only prefills a field; the server decides).
 */
export function freeName(name: string, taken: (candidate: string) => boolean): string {
  if (!taken(name)) return name;
  const m = /^(.*?)\s+(\d{1,6})$/u.exec(name);
  const base = m && m[1] ? m[1] : name;
  for (let n = m && m[1] ? Number(m[2]) + 1 : 2; ; n++) {
    const suffix = ` ${n}`;
    const candidate = `${[...base].slice(0, 24 - suffix.length).join('').trimEnd()}${suffix}`;
    if (!taken(candidate)) return candidate;
  }
}
