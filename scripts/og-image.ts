// The picture a chat app shows beside a shared link (og:image, 1200x630): the site's name and a
// fan of cards drawn with the cards' own emblems (web/src/art/emblems.svg), rendered once in
// Chromium and kept as web/public/og.png. Run again after the emblems change:
//   node scripts/run.mjs scripts/og-image.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { launch } from '../harness/browser';
import { quantizePng } from './lib/png';

const sprite = readFileSync('web/src/art/emblems.svg', 'utf8').replace(/<!--[\s\S]*?-->/g, '');
// [emblem, frame colour, face colour, seat colour, label]: minions of each type, a location and a hero.
const CARDS: [string, string, string, string, string][] = [
  ['sunken-crypt', '#b8955a', '#322b20', '#b8955a', 'Sunken Crypt'],
  ['dire-bear', '#7fae6a', '#26301f', '#56B4E9', 'Dire Bear'],
  ['vampire-countess', '#9a86c9', '#2a2535', '#E69F00', 'Vampire Countess'],
  ['sly-cutpurse', '#6f9fc9', '#1f2a35', '#009E73', 'Sly Cutpurse'],
  ['mad-malis', '#d0503c', '#3a2323', '#d0503c', 'Mad Malis'],
];
const cards = CARDS.map(([id, frame, face, seat, name], i) => `
  <div class="card" style="--frame:${frame};--face:${face};--seat:${seat};--r:${(i - 2) * 8}deg;--x:${(i - 2) * 92}px;--y:${Math.abs(i - 2) * 16}px">
    <svg role="img" aria-label="${name}" viewBox="0 0 32 32"><use href="#${id}"/></svg>
  </div>`).join('');
const html = `<!doctype html><html><head><style>
  body { margin: 0; width: 1200px; height: 630px; overflow: hidden; font-family: system-ui, sans-serif; color: #eceae4;
    background: radial-gradient(ellipse at 75% 60%, #2c3040, #16171d 65%); display: flex; align-items: center; }
  .text { padding-left: 72px; width: 500px; flex: none; }
  .kicker { color: #ffd75e; text-transform: uppercase; letter-spacing: .16em; font-weight: 700; font-size: 22px; margin: 0; }
  h1 { font-size: 76px; line-height: 1; margin: 14px 0 22px; }
  p { font-size: 28px; line-height: 1.35; color: #d9d6df; margin: 0; }
  .fan { position: relative; flex: 1; height: 630px; }
  .card { position: absolute; top: 185px; left: calc(50% - 105px); width: 160px; height: 230px; box-sizing: border-box; padding: 14px;
    border-radius: 16px; border: 4px solid var(--frame); border-left: 12px solid var(--seat); background: linear-gradient(160deg, #ffffff14, #0000 45%), var(--face);
    box-shadow: 0 18px 40px #000c; display: grid; place-items: center;
    transform: translate(var(--x), var(--y)) rotate(var(--r)); transform-origin: 50% 120%; }
  .card svg { width: 96px; height: 96px; fill: var(--frame); }
</style></head><body>${sprite.replace('<svg ', '<svg style="display:none" ')}
  <div class="text"><p class="kicker">Retreat to Darkmoor</p><h1>Darkmoor Online</h1>
  <p>The card game in your browser: send a link, and friends take a seat. Bots fill the rest.</p></div>
  <div class="fan">${cards}</div></body></html>`;

const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(html);
  writeFileSync('web/public/og.png', quantizePng(await page.screenshot(), 256));
  console.log('web/public/og.png');
} finally {
  await browser.close();
}
