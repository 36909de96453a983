// Which Chromium the browser tests, benchmarks and screenshots drive: CHROMIUM_PATH when set,
// else the first of the usual places that holds one (Debian and other Linux, snap, macOS), else
// the first of the usual names on PATH. playwright-core downloads no browser of its own here.
import { statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Where a Chromium (or Chrome) is installed by the usual packages, looked at in this order. */
export const PLACES = [
  '/usr/bin/chromium', // Debian, Arch
  '/usr/bin/chromium-browser', // Fedora, older Ubuntu
  '/usr/bin/google-chrome-stable',
  '/usr/bin/google-chrome',
  '/snap/bin/chromium',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

const NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];

/** What to do when there is none, in one line: the test run prints it and stops. */
export const NO_CHROMIUM = 'No Chromium found: install it (Debian: apt-get install -y chromium; macOS: brew install --cask chromium) or set CHROMIUM_PATH to its executable';

const executable = (path: string): boolean => {
  try {
    const s = statSync(path);
    return s.isFile() && (s.mode & 0o111) !== 0;
  } catch {
    return false;
  }
};

/** An error that is its message alone: where it was thrown would only push the one line aside. */
const oneLine = (message: string): Error => Object.assign(new Error(message), { stack: message });

/** The Chromium executable to launch; throws one line saying how to get one when there is none. */
export function findChromium(env: NodeJS.ProcessEnv = process.env, places: readonly string[] = PLACES): string {
  const chosen = env.CHROMIUM_PATH;
  if (chosen) {
    // A path set by hand that is wrong is a mistake to show, not a reason to take another browser.
    if (executable(chosen)) return chosen;
    throw oneLine(`CHROMIUM_PATH=${chosen} is not an executable file. ${NO_CHROMIUM}`);
  }
  const onPath = (env.PATH ?? '').split(delimiter).filter(Boolean).flatMap((dir) => NAMES.map((n) => join(dir, n)));
  const found = [...places, ...onPath].find(executable);
  if (!found) throw oneLine(NO_CHROMIUM);
  return found;
}
