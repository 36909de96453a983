// Players as a test meets them: requests from an address of their own, with a player's token when
// given, and new players under names no other test uses (test files share the database).
import { exports } from 'cloudflare:workers';
import { expect } from 'vitest';
import type { PlayerCreated, PlayerProfile } from '../../shared/protocol';
import { BASE } from './helpers';

let clients = 0;

/** A request as some client (its own address unless `ip`), with the player's token when given. */
export async function req(method: string, path: string, opts: { body?: unknown; token?: string; ip?: string; auth?: string } = {}) {
  const headers: Record<string, string> = { 'CF-Connecting-IP': opts.ip ?? `players-client-${++clients}` };
  if (opts.token !== undefined) headers.Authorization = `Bearer ${opts.token}`;
  if (opts.auth !== undefined) headers.Authorization = opts.auth;
  const init: RequestInit = { method, headers };
  if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(opts.body);
  }
  const res = await exports.default.fetch(`${BASE}${path}`, init);
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null, headers: res.headers };
}

/** A unique name per call, so tests sharing the database never meet each other's names. */
let names = 0;
export const fresh = (base: string) => `${base}${++names}x${crypto.getRandomValues(new Uint32Array(1))[0]!.toString(36)}`.slice(0, 24);

export async function newPlayer(name = fresh('P')): Promise<PlayerCreated> {
  const r = await req('POST', '/api/players', { body: { name } });
  expect(r.status).toBe(201);
  return r.json;
}

export const me = async (token: string): Promise<PlayerProfile> => {
  const r = await req('GET', '/api/me', { token });
  expect(r.status).toBe(200);
  return r.json;
};

