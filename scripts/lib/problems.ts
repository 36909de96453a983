// How the load and fault runs end: the first problems found, and a failing exit, so CI stops.
export function exitOnProblems(problems: string[]): void {
  if (!problems.length) return;
  console.error(`${problems.length} problem(s):\n${problems.slice(0, 30).join('\n')}`);
  process.exit(1);
}
