// A whole Darkmoor Online client (docs/PROTOCOL.md): it takes a seat, then answers each of its
// decisions with the first option it is offered until the match is over.
//   node docs/examples/bot.mjs <server> [match id]
// Without a match id it creates a 2-seat match against a server bot. Needs Node 20+ and `ws`.
import WebSocket from 'ws';

const [server = 'http://127.0.0.1:8787', given] = process.argv.slice(2);

async function post(path, body) {
  const res = await fetch(server + path, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${json.error.code}: ${json.error.message}`);
  return json;
}

const id = given ?? (await post('/api/matches', { players: 2, bots: { 1: 'greedy' }, botDelayMs: 0 })).id;
const { seat, token } = await post(`/api/matches/${id}/join`, { name: 'Example bot' });
console.log(`match ${id}, seat ${seat}`);

const socket = new WebSocket(`${server.replace(/^http/, 'ws')}/api/matches/${id}/ws?token=${encodeURIComponent(token)}`);
let answered = -1; // views may repeat a version (someone connected): answer each version once

socket.on('message', (data) => {
  const msg = JSON.parse(String(data));
  if (msg.type === 'error') return console.log(`refused: ${msg.code}: ${msg.message}`);
  if (msg.type !== 'state') return;
  const view = msg.view;
  if (view.over) {
    const { scores, winner } = view.result;
    console.log(`over after ${view.version} actions: scores ${scores.join(' : ')}, winner seat ${winner}`);
    socket.close(1000, 'done');
    return;
  }
  const options = view.pending?.seat === view.you ? view.pending.options : undefined;
  if (!options?.length || view.version === answered) return;
  answered = view.version;
  // An option is the action to send back as it is, with the version it was chosen from.
  socket.send(JSON.stringify({ ...options[0], version: view.version }));
});
socket.on('close', (code) => process.exit(code === 1000 || code === 1005 ? 0 : 1));
socket.on('error', (e) => { console.error(e.message); process.exit(1); });
