// Finding Chromium (harness/chromium.ts): CHROMIUM_PATH first, then the usual places, then the
// usual names on PATH; with none, one line saying how to get one. Real files in a temporary folder.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findChromium, NO_CHROMIUM } from '../../harness/chromium';

const dir = mkdtempSync(join(tmpdir(), 'darkmoor-chromium-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A file at `path`, executable or not. */
function file(path: string, mode: number): string {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, '#!/bin/sh\n');
  chmodSync(path, mode);
  return path;
}

const place = file(join(dir, 'place/chromium'), 0o755);
const onPath = file(join(dir, 'bin/google-chrome'), 0o755);
const notExecutable = file(join(dir, 'plain/chromium'), 0o644);
const none = join(dir, 'nowhere/chromium');

describe('findChromium', () => {
  it('takes CHROMIUM_PATH before any usual place', () => {
    expect(findChromium({ CHROMIUM_PATH: onPath, PATH: '' }, [place])).toBe(onPath);
  });

  it('refuses a CHROMIUM_PATH that is not there, in one line, rather than take another', () => {
    expect(() => findChromium({ CHROMIUM_PATH: none, PATH: join(dir, 'bin') }, [place]))
      .toThrow(`CHROMIUM_PATH=${none} is not an executable file. ${NO_CHROMIUM}`);
    expect(() => findChromium({ CHROMIUM_PATH: notExecutable }, [])).toThrow(NO_CHROMIUM);
  });

  it('takes the first usual place that holds an executable, then a usual name on PATH', () => {
    expect(findChromium({ PATH: join(dir, 'bin') }, [none, notExecutable, place])).toBe(place);
    expect(findChromium({ PATH: `${join(dir, 'nowhere')}:${join(dir, 'bin')}` }, [none])).toBe(onPath);
  });

  it('with none anywhere, says in one line how to get one', () => {
    expect(() => findChromium({ PATH: join(dir, 'plain') }, [none, notExecutable])).toThrow(NO_CHROMIUM);
    expect(NO_CHROMIUM).not.toContain('\n');
    expect(NO_CHROMIUM).toMatch(/apt-get install -y chromium.*brew install --cask chromium.*CHROMIUM_PATH/);
  });
});
