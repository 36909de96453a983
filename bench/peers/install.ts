// The peers of bench/peers.ts, installed at pinned versions into an ignored folder
// (bench/.peers/, in .gitignore): the project itself never depends on them. Their
// modules are loaded at run time from there, typed loosely where they are used.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

export const PEERS_DIR = resolve('bench/.peers');

/**
 * Exact versions. boardgame.io 0.50.2: its server (Koa, socket.io) and its client with the SocketIO
 * transport. Colyseus 0.18.17 is @colyseus/core's version (the `colyseus` meta-package stops at 0.18.8
 * and pulls in Redis, the monitor and the playground); the ws transport, schema and SDK are the newest
 * of the 0.18 line and schema 5 that core asks for. Their own dependencies come at the ranges they
 * state (no lock file here).
 */
export const PINNED: Record<string, string> = {
  'boardgame.io': '0.50.2',
  '@colyseus/core': '0.18.17',
  '@colyseus/ws-transport': '0.18.4',
  '@colyseus/schema': '5.0.34',
  '@colyseus/sdk': '0.18.4',
};

const installedVersion = (name: string): string | null => {
  const file = join(PEERS_DIR, 'node_modules', name, 'package.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version : null;
};

/** Installs the pinned peers unless every one is there at its version already. */
export function ensurePeers(): void {
  if (Object.entries(PINNED).every(([name, v]) => installedVersion(name) === v)) return;
  mkdirSync(PEERS_DIR, { recursive: true });
  writeFileSync(join(PEERS_DIR, 'package.json'), `${JSON.stringify({
    name: 'darkmoor-bench-peers', private: true, description: 'written by bench/peers/install.ts; not part of the project', dependencies: PINNED,
  }, null, 2)}\n`);
  console.error(`installing ${Object.entries(PINNED).map(([n, v]) => `${n}@${v}`).join(', ')} into ${PEERS_DIR}`);
  // No install scripts: none of them needs one to run in Node.
  execFileSync('npm', ['install', '--prefix', PEERS_DIR, '--no-package-lock', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel', 'error'], { stdio: 'inherit' });
}

/** A peer's module (CommonJS build), from the ignored folder. Untyped: the project has no types for them. */
export const peer = (name: string): any => createRequire(join(PEERS_DIR, 'package.json'))(name);
