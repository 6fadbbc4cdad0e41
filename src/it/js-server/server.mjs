// A foreign A2A agent for the Java client's interop tests, built with the official A2A JavaScript
// SDK: the 1.x line (@a2a-js/sdk) serves A2A 1.0 over JSON-RPC and HTTP+JSON; the 0.3.x line
// (installed under the alias a2a-sdk-v03) serves A2A 0.3 over JSON-RPC.
//
//   node server.mjs <1.0|0.3> <port>
//
// Listens on 127.0.0.1 only. The agent echoes text back as an artifact and completes; a message
// "slow" keeps the task working for up to 30 s or until it is canceled. Prints "listening <url>".
import express from 'express';
import { randomUUID } from 'node:crypto';

const [line, portText] = process.argv.slice(2);
const port = Number(portText);
if (!['1.0', '0.3'].includes(line) || !port) {
  console.error('usage: node server.mjs <1.0|0.3> <port>');
  process.exit(2);
}
const base = `http://127.0.0.1:${port}`;
const sleepers = new Map();

function pause(taskId, ms) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => { sleepers.delete(taskId); resolve(false); }, ms);
    sleepers.set(taskId, () => { clearTimeout(timer); sleepers.delete(taskId); resolve(true); });
  });
}

async function v1() {
  const { TaskState, Role } = await import('@a2a-js/sdk');
  const { DefaultRequestHandler, InMemoryTaskStore, AgentEvent } = await import('@a2a-js/sdk/server');
  const { agentCardHandler, jsonRpcHandler, restHandler, UserBuilder } = await import('@a2a-js/sdk/server/express');
  const now = () => new Date().toISOString();
  const text = (value) => ({ content: { $case: 'text', value }, metadata: undefined, filename: '', mediaType: '' });
  const status = (state, message) => ({ state, message, timestamp: now() });
  const card = {
    name: 'JS SDK agent', description: 'Echo agent on the official A2A JavaScript SDK', version: '1.0.0',
    supportedInterfaces: [
      { url: `${base}/a2a/jsonrpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0', tenant: '' },
      { url: `${base}/a2a/rest`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0', tenant: '' },
    ],
    provider: undefined,
    capabilities: { streaming: true, pushNotifications: false, extensions: [], extendedAgentCard: false },
    securitySchemes: {}, securityRequirements: [],
    defaultInputModes: ['text/plain'], defaultOutputModes: ['text/plain'],
    skills: [{ id: 'echo', name: 'Echo', description: 'Echoes text', tags: ['test'], examples: [], inputModes: [],
      outputModes: [], securityRequirements: [] }],
    signatures: [],
  };
  const executor = {
    async execute(context, bus) {
      const { taskId, contextId, userMessage } = context;
      const said = userMessage.parts.map((p) => p.content?.value ?? '').join('');
      bus.publish(AgentEvent.task({ id: taskId, contextId, status: status(TaskState.TASK_STATE_SUBMITTED),
        artifacts: [], history: [userMessage], metadata: undefined }));
      bus.publish(AgentEvent.statusUpdate({ taskId, contextId, status: status(TaskState.TASK_STATE_WORKING),
        metadata: undefined }));
      if (said === 'slow' && await pause(taskId, 30000)) {
        bus.finished();
        return;
      }
      bus.publish(AgentEvent.artifactUpdate({ taskId, contextId, append: false, lastChunk: true, metadata: undefined,
        artifact: { artifactId: 'echo', name: 'echo', description: '', parts: [text(said)], metadata: undefined,
          extensions: [] } }));
      const reply = { messageId: randomUUID(), contextId, taskId, role: Role.ROLE_AGENT, parts: [text('Echo: ' + said)],
        metadata: undefined, extensions: [], referenceTaskIds: [] };
      bus.publish(AgentEvent.statusUpdate({ taskId, contextId, status: status(TaskState.TASK_STATE_COMPLETED, reply),
        metadata: undefined }));
      bus.finished();
    },
    async cancelTask(taskId, bus) {
      sleepers.get(taskId)?.();
      bus.publish(AgentEvent.statusUpdate({ taskId, contextId: '', status: status(TaskState.TASK_STATE_CANCELED),
        metadata: undefined }));
      bus.finished();
    },
  };
  const handler = new DefaultRequestHandler(card, new InMemoryTaskStore(), executor);
  const app = express();
  app.use('/.well-known/agent-card.json', agentCardHandler({ agentCardProvider: handler }));
  app.use('/a2a/jsonrpc', jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }));
  app.use('/a2a/rest', restHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }));
  return app;
}

async function v03() {
  const { DefaultRequestHandler, InMemoryTaskStore } = await import('a2a-sdk-v03/server');
  const { A2AExpressApp } = await import('a2a-sdk-v03/server/express');
  const now = () => new Date().toISOString();
  const card = {
    name: 'JS SDK agent 0.3', description: 'Echo agent on the official A2A JavaScript SDK, 0.3 line',
    protocolVersion: '0.3.0', version: '0.3.0', url: `${base}/`, preferredTransport: 'JSONRPC',
    capabilities: { streaming: true, pushNotifications: false },
    defaultInputModes: ['text/plain'], defaultOutputModes: ['text/plain'],
    skills: [{ id: 'echo', name: 'Echo', description: 'Echoes text', tags: ['test'] }],
  };
  const executor = {
    async execute(context, bus) {
      const { taskId, contextId, userMessage } = context;
      const said = userMessage.parts.map((p) => p.text ?? '').join('');
      bus.publish({ kind: 'task', id: taskId, contextId, status: { state: 'submitted', timestamp: now() },
        history: [userMessage] });
      bus.publish({ kind: 'status-update', taskId, contextId, status: { state: 'working', timestamp: now() }, final: false });
      if (said === 'slow' && await pause(taskId, 30000)) {
        bus.finished();
        return;
      }
      bus.publish({ kind: 'artifact-update', taskId, contextId, lastChunk: true,
        artifact: { artifactId: 'echo', name: 'echo', parts: [{ kind: 'text', text: said }] } });
      bus.publish({ kind: 'status-update', taskId, contextId, final: true, status: { state: 'completed', timestamp: now(),
        message: { kind: 'message', messageId: randomUUID(), role: 'agent', taskId, contextId,
          parts: [{ kind: 'text', text: 'Echo: ' + said }] } } });
      bus.finished();
    },
    async cancelTask(taskId, bus) {
      sleepers.get(taskId)?.();
      bus.publish({ kind: 'status-update', taskId, contextId: '', final: true,
        status: { state: 'canceled', timestamp: now() } });
      bus.finished();
    },
  };
  const handler = new DefaultRequestHandler(card, new InMemoryTaskStore(), executor);
  return new A2AExpressApp(handler).setupRoutes(express());
}

const app = line === '1.0' ? await v1() : await v03();
app.listen(port, '127.0.0.1', () => console.log(`listening ${base} (A2A ${line})`));
