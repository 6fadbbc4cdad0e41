// Cross-instance stream latency: a task runs on instance A (the bench-ticker skill of
// bench/scale-out/TickerSkill.java), one client streams it on A (SendStreamingMessage), another
// subscribes to it on B (SubscribeToTask with Last-Event-ID = the id of A's first event, so B owes
// exactly the events A's stream carries after it). Per event id it compares arrival times on the
// two clients (same process, same clock) and the tick's own timestamp, taken in A's JVM just before
// the event was handed to the store.
//   node bench/scale-out/latency.mjs A_URL B_URL
// Env: TASKS (40) tasks in all, CONCURRENCY (8) at a time, TICKS (50) per task, INTERVAL_MS (20)
// between ticks, DELAY_MS (300) before the first tick, TIMEOUT_MS (ticks*interval + delay + 10 s).
// Prints LATENCY lines (p50/p90/p99/max in ms per measure) and one EVENTS line with the counts;
// exits 1 when B lost, duplicated or invented an event, or a stream failed.
// Node built-ins only.
import http from 'node:http';
import { randomUUID } from 'node:crypto';

const [aUrl, bUrl] = process.argv.slice(2);
if (!aUrl || !bUrl) { console.error('usage: latency.mjs A_URL B_URL'); process.exit(2); }
const env = (name, fallback) => Number(process.env[name] ?? fallback);
const tasks = env('TASKS', 40), concurrency = env('CONCURRENCY', 8), ticks = env('TICKS', 50);
const interval = env('INTERVAL_MS', 20), delay = env('DELAY_MS', 300);
const timeout = env('TIMEOUT_MS', ticks * interval + delay + 10000);
const now = () => performance.timeOrigin + performance.now(); // epoch ms, sub-ms resolution
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 * concurrency });
const rpcPath = '/a2a/jsonrpc';

/**
 * Opens one SSE call; onEvent(id, data, time) per event; resolves on end. state.opened is when
 * the response's headers arrived, set even if the stream then fails.
 */
function sse(base, body, headers, onEvent, state = {}) {
  return new Promise((resolve, reject) => {
    const target = new URL(rpcPath, base);
    const text = JSON.stringify(body);
    const request = http.request({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST',
      agent, headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', 'A2A-Version': '1.0',
        'Content-Length': Buffer.byteLength(text), ...headers } }, (response) => {
      state.opened = now();
      if (response.statusCode !== 200) {
        let error = '';
        response.on('data', (chunk) => { error += chunk; });
        response.on('end', () => reject(new Error(`HTTP ${response.statusCode} from ${base}: ${error.slice(0, 300)}`)));
        return;
      }
      response.setEncoding('utf8');
      let pending = '';
      response.on('data', (chunk) => {
        const time = now();
        pending += chunk;
        let end;
        while ((end = pending.indexOf('\n\n')) >= 0) {
          const frame = pending.slice(0, end);
          pending = pending.slice(end + 2);
          let id = null, data = '';
          for (const line of frame.split('\n')) {
            if (line.startsWith('id:')) id = line.slice(3).trim();
            else if (line.startsWith('data:')) data += line.slice(5).trim();
          }
          if (data) onEvent(id, data, time);
        }
      });
      response.on('end', () => resolve());
      response.on('error', reject);
    });
    request.setTimeout(timeout, () => request.destroy(new Error(`no end within ${timeout} ms from ${base}`)));
    request.on('error', reject);
    request.end(text);
  });
}

const samples = { aToB: [], tickToA: [], tickToB: [] };
const count = { tasks: 0, failedTasks: 0, aEvents: 0, bEvents: 0, lost: 0, duplicated: 0, unexpected: 0,
  ticksMeasured: 0, ticksBeforeSubscribed: 0 };

async function runTask() {
  const message = { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text: `ticks=${ticks} interval=${interval} delay=${delay}` }],
    metadata: { skill: 'bench-ticker' } };
  const onA = new Map(); // event id -> arrival time on A's client
  const onB = [];        // [event id, arrival time] on B's client, in order
  const tickAt = new Map(); // event id -> tick time in A's JVM (epoch ms)
  let subscribed = null, firstId = null, taskId = null;
  const tick = (id, data) => {
    const match = /"tick \d+ at (\d+)"/.exec(data);
    if (match && id !== null) tickAt.set(id, Number(match[1]) / 1000);
  };
  const onBEvent = (id, data, time) => { onB.push([id, time]); tick(id, data); };
  const aDone = sse(aUrl, { jsonrpc: '2.0', id: 1, method: 'SendStreamingMessage', params: { message } }, {},
    (id, data, time) => {
      if (firstId === null) {
        firstId = id;
        taskId = /"id":"([^"]+)"/.exec(data)?.[1];
        if (firstId === null || !taskId) { subscribed = Promise.resolve({ error: new Error(`first event without id: ${data.slice(0, 200)}`) }); return; }
        const state = {};
        subscribed = sse(bUrl, { jsonrpc: '2.0', id: 2, method: 'SubscribeToTask', params: { id: taskId } },
          { 'Last-Event-ID': String(firstId) }, onBEvent, state)
          .then(() => ({ opened: state.opened }), (error) => ({ opened: state.opened, error }));
        return;
      }
      onA.set(id, time);
      tick(id, data);
    });
  try {
    await aDone;
  } catch (error) {
    count.failedTasks++;
    console.error(`task ${taskId ?? '?'} on A: ${error.message}`);
    return;
  }
  // B's verdict counts even when its stream did not end: what it did not get by then is lost
  const { opened, error } = subscribed === null ? { error: new Error('A\'s stream carried no event') } : await subscribed;
  if (error) {
    count.failedTasks++;
    console.error(`task ${taskId ?? '?'} on B: ${error.message}`);
  }
  count.tasks++;
  count.aEvents += onA.size;
  count.bEvents += onB.length;
  const seen = new Set();
  for (const [id, time] of onB) {
    if (seen.has(id)) { count.duplicated++; continue; }
    seen.add(id);
    if (!onA.has(id)) { count.unexpected++; continue; }
    const ticked = tickAt.get(id);
    if (ticked === undefined || opened === undefined) continue;
    if (ticked < opened) { count.ticksBeforeSubscribed++; continue; } // replayed, not live
    count.ticksMeasured++;
    samples.aToB.push(time - onA.get(id));
    samples.tickToA.push(onA.get(id) - ticked);
    samples.tickToB.push(time - ticked);
  }
  for (const id of onA.keys()) if (!seen.has(id)) count.lost++;
}

let started = 0;
async function worker() { while (started < tasks) { started++; await runTask(); } }
const began = now();
await Promise.all(Array.from({ length: Math.min(concurrency, tasks) }, worker));
agent.destroy();

const percentile = (sorted, p) => sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil(p / 100 * sorted.length) - 1)];
for (const [name, values] of Object.entries(samples)) {
  const sorted = values.sort((x, y) => x - y);
  const f = (p) => percentile(sorted, p).toFixed(2);
  console.log(`LATENCY measure=${name} n=${sorted.length} p50_ms=${f(50)} p90_ms=${f(90)} p99_ms=${f(99)} max_ms=${f(100)}`);
}
console.log(`EVENTS tasks=${count.tasks} failed_tasks=${count.failedTasks} a_events=${count.aEvents} b_events=${count.bEvents}`
  + ` lost=${count.lost} duplicated=${count.duplicated} unexpected=${count.unexpected} ticks_measured=${count.ticksMeasured}`
  + ` ticks_before_subscribed=${count.ticksBeforeSubscribed} seconds=${((now() - began) / 1000).toFixed(1)}`);
process.exit(count.failedTasks + count.lost + count.duplicated + count.unexpected === 0 ? 0 : 1);
