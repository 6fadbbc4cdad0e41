// Interop check of an A2A 1.0 server against the official A2A JavaScript SDK client
// (@a2a-js/sdk): card discovery, SendMessage + GetTask, SendStreamingMessage,
// CancelTask and TaskNotFound, over the JSON-RPC, the HTTP+JSON or the gRPC binding.
//
//   node interop.mjs <server base URL> [JSONRPC|HTTP+JSON|GRPC]   e.g. node interop.mjs http://localhost:8080
//
// The card is always read over HTTP from the base URL; for GRPC the client then dials the card's
// GRPC interface ("host:port") in plaintext (h2c) with the SDK's gRPC transport (@grpc/grpc-js).
//
// Prints "PASS <check>" or "FAIL <check>: <reason>" per check, then "N passed, M failed";
// exits 1 when a check failed, 2 on bad usage. Every call has a timeout
// (INTEROP_TIMEOUT_MS, default 15000). INTEROP_DEBUG=1 prints each HTTP request and status.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { Role, TaskState, taskStateToJSON } from '@a2a-js/sdk';
import {
  ClientFactory,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory,
  RestTransportFactory,
} from '@a2a-js/sdk/client';
import { GrpcTransportFactory } from '@a2a-js/sdk/client/grpc';
import { credentials as grpcCredentials } from '@grpc/grpc-js';
import { TaskNotCancelableError, TaskNotFoundError } from '@a2a-js/sdk/errors';

const TIMEOUT_MS = Number(process.env.INTEROP_TIMEOUT_MS || 15000);
const DEBUG = !!process.env.INTEROP_DEBUG;

const base = process.argv[2];
const binding = (process.argv[3] || 'JSONRPC').toUpperCase();
if (binding !== 'JSONRPC' && binding !== 'HTTP+JSON' && binding !== 'GRPC') {
  console.error('binding must be JSONRPC, HTTP+JSON or GRPC');
  process.exit(2);
}
if (!base || !/^https?:\/\//.test(base)) {
  console.error('usage: node interop.mjs <server base URL, http(s)://...>');
  process.exit(2);
}

// --- which SDK ran -------------------------------------------------------------------
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
console.log(`interop: @a2a-js/sdk ${sdkVersion()}, node ${process.version}, server ${base}`);

// --- helpers -------------------------------------------------------------------------
// fetch with a timeout unless the caller brought its own signal; optional request log.
const fetchImpl = async (url, init = {}) => {
  const signal = init.signal ?? AbortSignal.timeout(TIMEOUT_MS);
  const res = await fetch(url, { ...init, signal });
  if (DEBUG) {
    const h = new Headers(init.headers);
    console.log(
      `  > ${init.method ?? 'GET'} ${url} A2A-Version=${h.get('A2A-Version')} ` +
        `Content-Type=${h.get('Content-Type')} Accept=${h.get('Accept')}` +
        (init.body ? ` body=${init.body}` : '') +
        `\n  < ${res.status} ${res.headers.get('content-type')}`
    );
  }
  return res;
};
const callOpts = () => ({ signal: AbortSignal.timeout(TIMEOUT_MS) });

// Hard stop for a whole check, in case something ignores its abort signal.
function withDeadline(promise, ms, what) {
  let timer;
  const deadline = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no result within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

const stateName = (s) => (s === undefined ? 'undefined' : taskStateToJSON(s));
const TERMINAL = new Set([
  TaskState.TASK_STATE_COMPLETED,
  TaskState.TASK_STATE_FAILED,
  TaskState.TASK_STATE_CANCELED,
  TaskState.TASK_STATE_REJECTED,
]);
const INTERRUPTED = new Set([TaskState.TASK_STATE_INPUT_REQUIRED, TaskState.TASK_STATE_AUTH_REQUIRED]);
const isMessage = (r) => r && typeof r === 'object' && 'messageId' in r;
const describeError = (e) => {
  const code =
    (e?.envelopeCode !== undefined ? ` (code ${e.envelopeCode})` : '') +
    (e?.transport === 'grpc' && e?.status !== undefined ? ` (gRPC status ${e.status})` : '');
  const cause = e?.cause && e.cause !== e ? `; cause: ${e.cause?.message ?? e.cause}` : '';
  return `${e?.name ?? 'Error'}${code}: ${e?.message ?? e}${cause}`;
};

function userMessage(text) {
  return {
    messageId: randomUUID(),
    contextId: '',
    taskId: '',
    role: Role.ROLE_USER,
    parts: [{ content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: 'text/plain' }],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}
function sendRequest(text, configuration) {
  return { tenant: '', message: userMessage(text), configuration, metadata: undefined };
}

// gRPC status codes the A2A 1.0 spec maps the checked errors to (section 10.6).
const GRPC_NOT_FOUND = 5;
const GRPC_FAILED_PRECONDITION = 9;
// Over gRPC an SDK error carries the call's status code; the JSON bindings have none.
function expectGrpcStatus(e, want, what) {
  if (binding !== 'GRPC') return '';
  if (e?.transport !== 'grpc') fail(`${what} did not come from the gRPC transport (transport ${e?.transport})`);
  if (e.status !== want) fail(`${what} with gRPC status ${e.status}, not ${want}`);
  return `, gRPC status ${e.status}`;
}

let passed = 0;
let failed = 0;
async function check(name, fn) {
  try {
    const note = await withDeadline(Promise.resolve().then(fn), TIMEOUT_MS * 2 + 1000, name);
    passed++;
    console.log(`PASS ${name}${note ? ` (${note})` : ''}`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${name}: ${e?.interopReason ?? describeError(e)}`);
  }
}
function fail(reason) {
  const e = new Error(reason);
  e.interopReason = reason;
  throw e;
}

// --- checks --------------------------------------------------------------------------
let client;
let card;

// (1) discovery: the card from <base>/.well-known/agent-card.json through the SDK resolver,
//     then a client of the chosen binding for A2A 1.0 from the SDK's client factory.
await check('discovery', async () => {
  const resolver = new DefaultAgentCardResolver({ fetchImpl });
  card = await resolver.resolve(base);
  if (!card || typeof card !== 'object') fail('card is not a JSON object');
  if (!card.name) fail('card has no name');
  const ifaces = card.supportedInterfaces ?? [];
  const matching = ifaces.filter((i) => String(i.protocolBinding).toUpperCase() === binding);
  if (matching.length === 0) fail(`no supportedInterfaces entry with protocolBinding ${binding} (got ${JSON.stringify(ifaces)})`);
  const v10 = matching.find((i) => i.protocolVersion === '1.0');
  if (!v10) fail(`no ${binding} interface with protocolVersion "1.0" (got ${JSON.stringify(matching)})`);
  if (binding === 'GRPC') {
    // gRPC names its target as host:port (or a gRPC name such as dns:///host:port), not a URL
    if (!/^(dns:\/\/\/)?(\[[0-9a-fA-F:.]+\]|[^\s/:[\]]+):\d+$/.test(v10.url ?? '')) fail(`GRPC interface url is not host:port: ${v10.url}`);
  } else if (!/^https?:\/\//.test(v10.url ?? '')) {
    fail(`${binding} interface url is not an absolute http(s) URL: ${v10.url}`);
  }
  const factory = new ClientFactory({
    transports: [
      new JsonRpcTransportFactory({ fetchImpl }),
      new RestTransportFactory({ fetchImpl }),
      new GrpcTransportFactory({ grpcChannelCredentials: grpcCredentials.createInsecure() }),
    ],
    preferredTransports: [binding],
    cardResolver: resolver,
  });
  client = await factory.createFromAgentCard(card);
  if (String(client.transport.protocolName).toUpperCase() !== binding) fail(`client picked ${client.transport.protocolName}, not ${binding}`);
  if (client.protocolVersion !== '1.0') fail(`client speaks A2A ${client.protocolVersion}, not 1.0`);
  return `"${card.name}", ${binding} endpoint ${v10.url}, streaming=${!!card.capabilities?.streaming}`;
});

const needClient = () => {
  if (!client) fail('no client: discovery failed');
};

// (2) SendMessage with a text part -> Task (or Message); GetTask by that id -> same id and state.
await check('send-and-get', async () => {
  needClient();
  const result = await client.sendMessage(sendRequest('hello from the a2a-js interop check'), callOpts());
  if (isMessage(result)) {
    if (result.role !== Role.ROLE_AGENT) fail(`reply Message role is ${result.role}, not ROLE_AGENT`);
    if (!result.taskId) return `Message ${result.messageId}, no task to get`;
    const t = await client.getTask({ tenant: '', id: result.taskId }, callOpts());
    if (t.id !== result.taskId) fail(`GetTask(${result.taskId}) returned id ${t.id}`);
    return `Message referencing task ${t.id} (${stateName(t.status?.state)})`;
  }
  if (!result?.id) fail(`result has neither Task id nor messageId: ${JSON.stringify(result)}`);
  const state = result.status?.state;
  if (state === undefined || state === TaskState.TASK_STATE_UNSPECIFIED) fail(`Task ${result.id} has no status.state`);
  const got = await client.getTask({ tenant: '', id: result.id }, callOpts());
  if (got.id !== result.id) fail(`GetTask(${result.id}) returned id ${got.id}`);
  if (got.contextId !== result.contextId) fail(`GetTask contextId ${got.contextId} != SendMessage contextId ${result.contextId}`);
  const gotState = got.status?.state;
  // A blocking SendMessage returns once the task is terminal or interrupted, so the state must match.
  // Should a server return a non-terminal task anyway, allow it to have moved on since.
  if (gotState !== state && (TERMINAL.has(state) || INTERRUPTED.has(state))) {
    fail(`GetTask state ${stateName(gotState)} != SendMessage state ${stateName(state)}`);
  }
  return `Task ${result.id} ${stateName(state)}, GetTask ${stateName(gotState)}`;
});

// (3) SendStreamingMessage: first event a Task (or one lone Message), consistent ids,
//     nothing after a terminal/interrupted status, and the stream ends.
await check('stream', async () => {
  needClient();
  if (!card.capabilities?.streaming) {
    fail('card does not declare capabilities.streaming: true (the SDK would silently fall back to SendMessage)');
  }
  const events = [];
  const started = Date.now();
  for await (const ev of client.sendMessageStream(sendRequest('stream hello from the a2a-js interop check'), callOpts())) {
    if (!ev?.payload) fail(`event ${events.length} has no payload: ${JSON.stringify(ev)}`);
    events.push(ev.payload);
  }
  const ms = Date.now() - started;
  if (events.length === 0) fail('stream ended without any event');
  const kinds = events.map((p) => p.$case);
  const first = events[0];
  if (first.$case === 'message') {
    if (events.length !== 1) fail(`first event is a Message but ${events.length} events followed: ${kinds.join(',')}`);
    return `1 Message event, ${ms} ms`;
  }
  if (first.$case !== 'task') fail(`first event is ${first.$case}, not task (events: ${kinds.join(',')})`);
  const taskId = first.value.id;
  const contextId = first.value.contextId;
  if (!taskId) fail('first Task event has no id');
  let state = first.value.status?.state;
  let lastTs = first.value.status?.timestamp;
  const states = [stateName(state)];
  for (let i = 1; i < events.length; i++) {
    const p = events[i];
    if (TERMINAL.has(state) || INTERRUPTED.has(state)) {
      fail(`event ${i} (${p.$case}) arrived after the task reached ${stateName(state)}`);
    }
    if (p.$case === 'message' || p.$case === 'task') {
      fail(`event ${i} is a ${p.$case}; after the first Task only statusUpdate/artifactUpdate are expected`);
    }
    const v = p.value;
    if (v.taskId !== taskId) fail(`event ${i} (${p.$case}) taskId ${v.taskId} != ${taskId}`);
    if (v.contextId !== contextId) fail(`event ${i} (${p.$case}) contextId ${v.contextId} != ${contextId}`);
    if (p.$case === 'statusUpdate') {
      state = v.status?.state;
      states.push(stateName(state));
      const ts = v.status?.timestamp;
      if (ts && lastTs && Date.parse(ts) < Date.parse(lastTs)) {
        fail(`event ${i} status timestamp ${ts} is earlier than the previous ${lastTs}`);
      }
      if (ts) lastTs = ts;
    } else if (p.$case === 'artifactUpdate') {
      if (!v.artifact?.artifactId) fail(`event ${i} artifactUpdate has no artifact.artifactId`);
      states.push('artifact');
    }
  }
  if (!TERMINAL.has(state) && !INTERRUPTED.has(state)) {
    fail(`stream ended with the task still ${stateName(state)} (events: ${states.join(' > ')})`);
  }
  const after = await client.getTask({ tenant: '', id: taskId }, callOpts());
  if (after.status?.state !== state) {
    fail(`GetTask after the stream says ${stateName(after.status?.state)}, the stream ended with ${stateName(state)}`);
  }
  return `${events.length} events: ${states.join(' > ')}, ${ms} ms`;
});

// (4) CancelTask on a task sent with returnImmediately: CANCELED, or TaskNotCancelable (-32002;
//     gRPC FAILED_PRECONDITION) when the task had already finished.
await check('cancel', async () => {
  needClient();
  const created = await client.sendMessage(
    sendRequest('cancel me: a2a-js interop check', { acceptedOutputModes: [], returnImmediately: true }),
    callOpts()
  );
  if (isMessage(created)) fail('SendMessage with returnImmediately returned a Message, no task to cancel');
  if (!created?.id) fail(`SendMessage returned no task id: ${JSON.stringify(created)}`);
  const createdState = stateName(created.status?.state);
  try {
    const t = await client.cancelTask({ tenant: '', id: created.id, metadata: undefined }, callOpts());
    if (t.id !== created.id) fail(`CancelTask(${created.id}) returned task ${t.id}`);
    if (t.status?.state !== TaskState.TASK_STATE_CANCELED) {
      fail(`CancelTask returned state ${stateName(t.status?.state)}, not TASK_STATE_CANCELED`);
    }
    const again = await client.getTask({ tenant: '', id: created.id }, callOpts());
    if (again.status?.state !== TaskState.TASK_STATE_CANCELED) {
      fail(`GetTask after cancel says ${stateName(again.status?.state)}`);
    }
    return `task ${created.id} ${createdState} -> TASK_STATE_CANCELED`;
  } catch (e) {
    if (e?.interopReason) throw e;
    if (e instanceof TaskNotCancelableError) {
      if (e.envelopeCode !== undefined && e.envelopeCode !== -32002) fail(`TaskNotCancelable with code ${e.envelopeCode}, not -32002`);
      const status = expectGrpcStatus(e, GRPC_FAILED_PRECONDITION, 'TaskNotCancelableError');
      const t = await client.getTask({ tenant: '', id: created.id }, callOpts());
      if (!TERMINAL.has(t.status?.state)) {
        fail(`TaskNotCancelable but the task is ${stateName(t.status?.state)}, not terminal`);
      }
      return `task already ${stateName(t.status?.state)}: TaskNotCancelable (${e.envelopeCode ?? 'no code'}${status})`;
    }
    fail(`CancelTask raised ${describeError(e)}`);
  }
});

// (5) GetTask on an unknown id -> the SDK's TaskNotFoundError (-32001; gRPC NOT_FOUND).
await check('task-not-found', async () => {
  needClient();
  const id = `nonexistent-task-id-${randomUUID()}`;
  try {
    const t = await client.getTask({ tenant: '', id }, callOpts());
    fail(`GetTask(${id}) returned a task: ${JSON.stringify(t).slice(0, 200)}`);
  } catch (e) {
    if (e?.interopReason) throw e;
    if (!(e instanceof TaskNotFoundError)) fail(`expected TaskNotFoundError, got ${describeError(e)}`);
    if (e.envelopeCode !== undefined && e.envelopeCode !== -32001) fail(`TaskNotFoundError with code ${e.envelopeCode}, not -32001`);
    const status = expectGrpcStatus(e, GRPC_NOT_FOUND, 'TaskNotFoundError');
    return `TaskNotFoundError (${e.envelopeCode ?? 'no code'}${status})`;
  }
});

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
