// Streams SendStreamingMessage from CONCURRENCY clients for SECONDS and reports how many streams
// ended completed, ended early, failed, or never ended (no end within TIMEOUT_MS, default 10 s).
//   node bench/stream-probe.mjs URL BODY_FILE [CONCURRENCY] [SECONDS]
// Node built-ins only. Each body gets a fresh messageId, as bench/wrk/report.lua does.
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';

const [url, bodyFile, concurrency = '16', seconds = '3'] = process.argv.slice(2);
const template = readFileSync(bodyFile, 'utf8');
const target = new URL(url);
const timeout = Number(process.env.TIMEOUT_MS ?? 10000);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(concurrency) });
const deadline = Date.now() + Number(seconds) * 1000;
const count = { completed: 0, early: 0, failed: 0, neverEnded: 0 };

function stream() {
  return new Promise((done) => {
    const body = template.replace(/"messageId":"[^"]*"/, `"messageId":"${randomUUID()}"`);
    let text = '';
    const request = http.request({ host: target.hostname, port: target.port, path: target.pathname,
      method: 'POST', agent, headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream',
        'A2A-Version': '1.0', 'Content-Length': Buffer.byteLength(body) } }, (response) => {
      if (response.statusCode !== 200) { count.failed++; response.resume(); response.on('end', done); return; }
      response.setEncoding('utf8');
      response.on('data', (chunk) => { text += chunk; });
      response.on('end', () => {
        const events = text.split('\n\n').filter((event) => event.includes('data:'));
        if (/TASK_STATE_COMPLETED/.test(events.at(-1) ?? '')) count.completed++; else count.early++;
        done();
      });
      response.on('error', () => { count.failed++; done(); });
    });
    request.setTimeout(timeout, () => { count.neverEnded++; request.destroy(); done(); });
    request.on('error', () => { count.failed++; setTimeout(done, 10); });
    request.end(body);
  });
}

async function client() { while (Date.now() < deadline) await stream(); }
await Promise.all(Array.from({ length: Number(concurrency) }, client));
agent.destroy();
console.log(`PROBE completed=${count.completed} ended_early=${count.early} failed=${count.failed} never_ended=${count.neverEnded}`);
