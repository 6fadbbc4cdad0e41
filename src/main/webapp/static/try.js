// The landing page's "Ask the agent" form: sends a message to the A2A 1.0 endpoint the page names
// (streaming when the card says so) and shows the answer as it arrives. A file, not inline code,
// because the page's Content-Security-Policy allows no inline script. Everything the server sends
// is put on the page as text nodes, never parsed as HTML: answers come from skills and relayed
// agents, and are untrusted.
'use strict';
(function () {
  const form = document.getElementById('ask');
  const health = document.getElementById('health');
  const answer = document.getElementById('answer');
  let requestId = 0;

  if (health) showHealth();
  if (!form) return;
  const question = document.getElementById('question');
  const send = document.getElementById('send');
  const rpc = form.dataset.binding === 'JSONRPC';
  const streaming = form.dataset.streaming === 'true';
  const endpoint = form.dataset.endpoint;

  document.querySelectorAll('button.example').forEach((button) => {
    button.addEventListener('click', () => {
      question.value = button.dataset.prompt;
      form.requestSubmit();
    });
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = question.value.trim();
    if (text && !send.disabled) ask(text);
  });

  async function showHealth() {
    try {
      const [live, ready] = await Promise.all([getJson('health'), getJson('health/ready')]);
      const checks = Array.isArray(ready.body.checks)
        ? ready.body.checks.map((check) => check.name + ' ' + check.status).join(', ') : '';
      health.textContent = 'Server health: ' + (live.body.status || 'HTTP ' + live.status)
        + (live.body.version ? ' · version ' + live.body.version : '')
        + ' · ready: ' + (ready.body.status || 'HTTP ' + ready.status) + (checks ? ' (' + checks + ')' : '');
      health.className = 'health ' + (live.ok && ready.ok ? 'up' : 'down');
      if (!(live.ok && ready.ok)) retryHealth();
    } catch (e) {
      health.textContent = 'Server health: unknown (' + e.message + ')';
      health.className = 'health down';
      retryHealth();
    }
  }

  // a server still starting answers 503: look again a few times rather than show that for good
  let healthRetries = 12;
  function retryHealth() {
    if (healthRetries-- > 0) setTimeout(showHealth, 5000);
  }

  async function getJson(path) {
    const response = await fetch(path, { headers: { Accept: 'application/json' } });
    const body = await response.json().catch(() => ({}));
    return { ok: response.ok, status: response.status, body: body || {} };
  }

  async function ask(text) {
    send.disabled = true;
    answer.setAttribute('aria-busy', 'true');
    answer.replaceChildren();
    const view = { state: element(answer, 'p', 'state', 'Sending…'), artifacts: new Map() };
    const message = { messageId: newId(), role: 'ROLE_USER', parts: [{ text }] };
    try {
      const response = await fetch(url(), {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'A2A-Version': '1.0',
          Accept: streaming ? 'text/event-stream' : 'application/json',
        },
        body: JSON.stringify(rpc ? {
          jsonrpc: '2.0', id: ++requestId,
          method: streaming ? 'SendStreamingMessage' : 'SendMessage', params: { message },
        } : { message }),
      });
      const type = response.headers.get('Content-Type') || '';
      if (response.ok && type.startsWith('text/event-stream')) {
        await readEvents(response.body, (data) => show(view, unwrap(data)));
      } else {
        const data = await response.json().catch(() => ({ error: { message: 'HTTP ' + response.status } }));
        show(view, unwrap(data));
      }
    } catch (e) {
      element(answer, 'p', 'error', 'Failed: ' + e.message);
    } finally {
      send.disabled = false;
      answer.removeAttribute('aria-busy');
    }
  }

  function url() {
    if (rpc) return endpoint;
    return endpoint.replace(/\/$/, '') + (streaming ? '/message:stream' : '/message:send');
  }

  // One server-sent event per blank-line-separated block; its data lines are one JSON document.
  async function readEvents(stream, onData) {
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer = (buffer + decoder.decode(value, { stream: true })).replace(/\r\n?/g, '\n');
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const data = buffer.slice(0, end).split('\n').filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).replace(/^ /, '')).join('\n');
        buffer = buffer.slice(end + 2);
        if (data) onData(JSON.parse(data));
      }
    }
  }

  // JSON-RPC wraps the result or error in an envelope; HTTP+JSON answers it bare.
  function unwrap(data) {
    const error = data && data.error;
    if (error) throw new Error(error.message || JSON.stringify(error));
    return rpc ? data.result : data;
  }

  function show(view, result) {
    if (!result) return;
    const task = pick(result, 'task');
    const message = pick(result, 'message');
    const status = pick(result, 'statusUpdate', 'status_update');
    const update = pick(result, 'artifactUpdate', 'artifact_update');
    if (task) {
      showStatus(view, task.status);
      (task.artifacts || []).forEach((artifact) => showArtifact(view, artifact, false));
    }
    if (message) showParts(box(view, 'message', 'Message'), message.parts, false);
    if (status) showStatus(view, status.status);
    if (update) showArtifact(view, update.artifact, update.append);
  }

  function showStatus(view, status) {
    if (!status) return;
    const state = String(status.state || '').replace(/^TASK_STATE_/, '').toLowerCase().replace(/_/g, ' ');
    view.state.textContent = 'State: ' + (state || 'unknown');
    if (status.message && status.message.parts) {
      showParts(box(view, 'status', 'Status message'), status.message.parts, false);
    }
  }

  function showArtifact(view, artifact, append) {
    if (!artifact) return;
    const id = artifact.artifactId || artifact.artifact_id || artifact.name || 'artifact';
    showParts(box(view, 'artifact:' + id, artifact.name || id), artifact.parts, append);
  }

  // One labelled box per artifact (or message), kept so that later chunks land in it.
  function box(view, key, title) {
    let body = view.artifacts.get(key);
    if (!body) {
      const section = element(answer, 'div', 'artifact');
      element(section, 'h4', null, title);
      body = element(section, 'div', 'parts');
      view.artifacts.set(key, body);
    }
    return body;
  }

  function showParts(body, parts, append) {
    if (!append) body.replaceChildren();
    (parts || []).forEach((part) => {
      if (typeof part.text === 'string') {
        const last = body.lastElementChild;
        if (append && last && last.className === 'text') last.textContent += part.text;
        else element(body, 'p', 'text', part.text);
      } else if (part.data !== undefined) {
        const details = element(body, 'details', 'data');
        details.open = true;
        element(details, 'summary', null, 'Data (JSON)');
        element(details, 'pre', null, JSON.stringify(part.data, null, 2));
      } else if (typeof part.url === 'string' && /^https?:/i.test(part.url)) {
        const link = element(element(body, 'p', 'text'), 'a', null, part.filename || part.url);
        link.href = part.url;
        link.rel = 'noopener noreferrer';
      } else {
        element(body, 'p', 'muted', '(a part this page does not show: ' + (part.mediaType || 'no media type') + ')');
      }
    });
  }

  function element(parent, tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    parent.appendChild(node);
    return node;
  }

  function pick(object, ...names) {
    for (const name of names) if (object[name]) return object[name];
    return undefined;
  }

  // randomUUID needs a secure context; a page served over plain HTTP from elsewhere has none
  function newId() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return 'web-' + Date.now().toString(36) + '-' + Math.random().toString(36).slice(2);
  }
})();
