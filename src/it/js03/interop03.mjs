// Interop check of an A2A server's 0.3 line against the official A2A JavaScript SDK 0.3 client
// (@a2a-js/sdk 0.3.x): card discovery, blocking message/send + tasks/get, message/stream,
// tasks/resubscribe, tasks/cancel and TaskNotFound, over the JSON-RPC or the HTTP+JSON binding.
// The client names no A2A-Version, as 0.3 clients do.
//
//   node interop03.mjs <server base URL> [JSONRPC|HTTP+JSON]
//
// Prints "PASS <check>" or "FAIL <check>: <reason>" per check, then "N passed, M failed"; exits 1
// when a check failed. Every call has a timeout (INTEROP_TIMEOUT_MS, default 15000). Messages name
// the server's test skill in their metadata (skill: echo), which the 0.3 message carries as is.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import {
  ClientFactory,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory,
  RestTransportFactory,
  TaskNotCancelableError,
  TaskNotFoundError,
} from '@a2a-js/sdk/client';

const TIMEOUT_MS = Number(process.env.INTEROP_TIMEOUT_MS || 15000);
const base = process.argv[2];
const binding = (process.argv[3] || 'JSONRPC').toUpperCase();
if (!base || !/^https?:\/\//.test(base) || (binding !== 'JSONRPC' && binding !== 'HTTP+JSON')) {
  console.error('usage: node interop03.mjs <server base URL> [JSONRPC|HTTP+JSON]');
  process.exit(2);
}

function sdkVersion() {
  try {
    let dir = dirname(fileURLToPath(import.meta.resolve('@a2a-js/sdk')));
    for (let i = 0; i < 5; i++, dir = dirname(dir)) {
      try {
        const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
        if (pkg.name === '@a2a-js/sdk') return pkg.version;
      } catch {
        /* keep walking up */
      }
    }
  } catch {
    /* fall through */
  }
  return 'unknown';
}
console.log(`interop 0.3: @a2a-js/sdk ${sdkVersion()}, node ${process.version}, server ${base}, ${binding}`);

// every request is checked to name no version: this is what a 0.3 client sends
const fetchImpl = async (url, init = {}) => {
  const headers = new Headers(init.headers);
  if (headers.get('A2A-Version')) throw new Error(`the 0.3 client sent A2A-Version ${headers.get('A2A-Version')}`);
  return fetch(url, { ...init, signal: init.signal ?? AbortSignal.timeout(TIMEOUT_MS) });
};
const callOpts = () => ({ signal: AbortSignal.timeout(TIMEOUT_MS) });

function withDeadline(promise, ms, what) {
  let timer;
  const deadline = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no result within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

const message = (text) => ({
  kind: 'message',
  messageId: randomUUID(),
  role: 'user',
  parts: [{ kind: 'text', text }],
  metadata: { skill: 'echo' },
});

let passed = 0;
let failed = 0;
async function check(name, fn) {
  try {
    const note = await withDeadline(Promise.resolve().then(fn), TIMEOUT_MS * 2 + 1000, name);
    passed++;
    console.log(`PASS ${name}${note ? ` (${note})` : ''}`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${name}: ${e?.interopReason ?? `${e?.name}: ${e?.message}`}`);
  }
}
function fail(reason) {
  const e = new Error(reason);
  e.interopReason = reason;
  throw e;
}

let client;
await check('discovery', async () => {
  const resolver = new DefaultAgentCardResolver({ fetchImpl });
  const card = await resolver.resolve(base);
  if (card.protocolVersion !== '0.3.0') fail(`card protocolVersion is ${card.protocolVersion}, not 0.3.0`);
  if (!/\/a2a\/jsonrpc$/.test(card.url ?? '')) fail(`card url ${card.url} is not the JSON-RPC endpoint`);
  const transports = (card.additionalInterfaces ?? []).map((i) => i.transport);
  if (!transports.includes(binding)) fail(`additionalInterfaces lack ${binding}: ${JSON.stringify(transports)}`);
  if (!card.capabilities?.streaming) fail('card does not declare streaming');
  const factory = new ClientFactory({
    transports: [new JsonRpcTransportFactory({ fetchImpl }), new RestTransportFactory({ fetchImpl })],
    preferredTransports: [binding],
    cardResolver: resolver,
  });
  client = await factory.createFromAgentCard(card);
  return `"${card.name}", ${binding} at ${client.transport.endpoint}`;
});
const needClient = () => {
  if (!client) fail('no client: discovery failed');
};

await check('send-and-get', async () => {
  needClient();
  const task = await client.sendMessage({ message: message('hello from js 0.3') }, callOpts());
  if (task?.kind !== 'task') fail(`result is not a task: ${JSON.stringify(task).slice(0, 200)}`);
  if (task.status?.state !== 'completed') fail(`blocking send returned ${task.status?.state}, not completed`);
  const echoed = task.artifacts?.[0]?.parts?.[0];
  if (echoed?.kind !== 'text' || echoed.text !== 'hello from js 0.3') fail(`artifact is ${JSON.stringify(echoed)}`);
  const got = await client.getTask({ id: task.id, historyLength: 1 }, callOpts());
  if (got.id !== task.id || got.contextId !== task.contextId) fail(`tasks/get returned ${got.id}/${got.contextId}`);
  if (got.status?.state !== 'completed') fail(`tasks/get state ${got.status?.state}`);
  if (got.history?.length !== 1 || got.history[0].role !== 'user') fail(`history ${JSON.stringify(got.history)}`);
  return `task ${task.id} completed`;
});

await check('stream', async () => {
  needClient();
  const kinds = [];
  let last;
  for await (const event of client.sendMessageStream({ message: message('chunks:3') }, callOpts())) {
    kinds.push(event.kind);
    last = event;
  }
  if (kinds[0] !== 'task') fail(`first event is ${kinds[0]}, not task (${kinds.join(',')})`);
  if (kinds.filter((k) => k === 'artifact-update').length !== 3) fail(`expected 3 artifact chunks: ${kinds.join(',')}`);
  if (last?.kind !== 'status-update' || last.final !== true || last.status?.state !== 'completed') {
    fail(`last event is not a final completed status-update: ${JSON.stringify(last)}`);
  }
  return kinds.join(' > ');
});

await check('resubscribe', async () => {
  needClient();
  let taskId;
  const stream = client.sendMessageStream({ message: message('slow:2500') }, callOpts());
  for await (const event of stream) {
    taskId = event.kind === 'task' ? event.id : event.taskId;
    break;
  }
  if (!taskId) fail('the stream gave no task');
  const kinds = [];
  let last;
  for await (const event of client.resubscribeTask({ id: taskId }, callOpts())) {
    kinds.push(event.kind);
    last = event;
  }
  if (last?.kind !== 'status-update' || !last.final || last.status?.state !== 'completed') {
    fail(`resubscription did not end with a final completed update: ${kinds.join(',')} ${JSON.stringify(last)}`);
  }
  return kinds.join(' > ');
});

await check('cancel', async () => {
  needClient();
  const task = await client.sendMessage({ message: message('input') }, callOpts());
  if (task.status?.state !== 'input-required') fail(`task is ${task.status?.state}, not input-required`);
  const canceled = await client.cancelTask({ id: task.id }, callOpts());
  if (canceled.status?.state !== 'canceled') fail(`tasks/cancel returned ${canceled.status?.state}`);
  try {
    await client.cancelTask({ id: task.id }, callOpts());
    fail('a second cancel succeeded');
  } catch (e) {
    if (e?.interopReason) throw e;
    if (!(e instanceof TaskNotCancelableError)) fail(`second cancel raised ${e?.name}: ${e?.message}`);
  }
  return `task ${task.id} input-required > canceled, then TaskNotCancelable`;
});

await check('task-not-found', async () => {
  needClient();
  try {
    await client.getTask({ id: `nonexistent-task-id-${randomUUID()}` }, callOpts());
    fail('tasks/get of an unknown id returned a task');
  } catch (e) {
    if (e?.interopReason) throw e;
    if (!(e instanceof TaskNotFoundError)) fail(`expected TaskNotFoundError, got ${e?.name}: ${e?.message}`);
    return 'TaskNotFoundError';
  }
});

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
