// The workerd processes this run started, and their CPU time, read from Linux's /proc. The CPU
// time is the scheduler's own count of nanoseconds on a CPU (`schedstat`) summed over every
// thread of a process. The `utime`/`stime` of /proc/<pid>/stat are charged by the 10 ms tick to
// whoever is running when it fires, so a process that runs in bursts of a few hundred
// microseconds is sampled, not measured: the same 600 moves read from 300 to 550 µs each that way.
import { readdirSync, readFileSync } from 'node:fs';

const pids = (): number[] => readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number);

function stat(pid: number): { ppid: number; comm: string } | null {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = s.lastIndexOf(')');
    return { comm: s.slice(s.indexOf('(') + 1, close), ppid: Number(s.slice(close + 2).split(' ')[1]) };
  } catch {
    return null; // gone
  }
}

/** The workerd processes started below this one (Miniflare's runtime). */
export function workerdsBelow(): number[] {
  const all = new Map(pids().map((p) => [p, stat(p)] as const));
  const below = (pid: number): boolean => {
    for (let p = all.get(pid); p; p = all.get(p.ppid)) if (p.ppid === process.pid) return true;
    return false;
  };
  return [...all].filter(([pid, s]) => s?.comm === 'workerd' && below(pid)).map(([pid]) => pid);
}

/** Nanoseconds the processes' threads have spent on a CPU so far. */
export function cpuNs(of: number[]): number {
  let ns = 0;
  for (const pid of of) {
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const t of tasks) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${t}/schedstat`, 'utf8').split(' ')[0]);
      } catch { /* the thread ended */ }
    }
  }
  return ns;
}
