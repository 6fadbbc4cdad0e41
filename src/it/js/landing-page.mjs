// The landing page in headless Chromium (driven by playwright-core): it loads with no console
// error, no failed request and no CSP violation; the server's health shows; a skill's example
// clicked, and a question typed and sent, each show the catalogue's answer (the same text the
// JSON-RPC endpoint gives for that question). Keeps a screenshot.
//   node landing-page.mjs <base-url> <screenshot.png> [chromium]
// Exit 0: passed; 1: failed; 3: no browser could be started here (the IT skips, saying why).
import { chromium } from 'playwright-core';

const [base, screenshot, executablePath = '/usr/bin/chromium'] = process.argv.slice(2);
const url = base.replace(/\/$/, '') + '/';
const EXAMPLE = 'Does CrewAI support A2A?';
const TYPED = 'What spec version does Google ADK target?';

// What the endpoint answers, to compare the page with: the catalogue skill's "answer" artifact.
async function expectedAnswer(question) {
  const response = await fetch(url + 'a2a/jsonrpc', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'A2A-Version': '1.0' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: {
      messageId: 'landing-' + Math.random().toString(36).slice(2), role: 'ROLE_USER', parts: [{ text: question }] } } }),
  });
  const task = (await response.json()).result.task;
  const artifact = task.artifacts.find((a) => a.name === 'answer');
  return artifact.parts.map((p) => p.text || '').join('');
}

// The page is checked on a started server: wait until /health answers 200 (the store open, the API
// up), as a person arriving during start-up would see 503s first.
async function awaitHealthy() {
  let last = 'no answer';
  for (const deadline = Date.now() + 90000; Date.now() < deadline;) {
    try {
      const response = await fetch(url + 'health');
      if (response.ok) return;
      last = response.status + ' ' + await response.text();
    } catch (e) {
      last = e.message;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server is not healthy: ' + last);
}
await awaitHealthy();

let browser;
try {
  browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
} catch (e) {
  console.log('NO BROWSER: ' + e.message.split('\n')[0]);
  process.exit(3);
}

const problems = [];
let failed = false;
try {
  const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  page.setDefaultTimeout(30000);
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push('page error: ' + e.message));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`); });
  // CSP violations are reported to the page as events, whatever the console says
  await page.addInitScript(() => document.addEventListener('securitypolicyviolation',
    (e) => console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI}`)));

  const response = await page.goto(url);
  const policy = response.headers()['content-security-policy'] || '';
  if (response.status() !== 200 || !policy.includes("script-src 'self'")) {
    throw new Error(`page answered ${response.status()} with CSP "${policy}"`);
  }
  const form = page.locator('form#ask');
  console.log(`form: ${await form.getAttribute('data-binding')} ${await form.getAttribute('data-endpoint')}, `
    + `streaming=${await form.getAttribute('data-streaming')}`);
  await page.locator('#health.up').waitFor();
  console.log(await page.locator('#health').textContent());

  for (const [how, question] of [['clicked example', EXAMPLE], ['typed question', TYPED]]) {
    const expected = await expectedAnswer(question);
    if (how === 'clicked example') {
      await page.locator('button.example', { hasText: question }).first().click();
    } else {
      await page.locator('#question').fill(question);
      await page.locator('#send').click();
    }
    await page.locator('#answer .state', { hasText: 'State: completed' }).waitFor();
    await page.locator('#answer:not([aria-busy])').waitFor();
    const shown = (await page.locator('#answer .artifact').filter({ has: page.locator('h4', { hasText: /^answer$/ }) })
      .locator('p.text').allTextContents()).join('');
    const data = await page.locator('#answer details.data pre').count();
    console.log(`${how}: "${question}" -> ${JSON.stringify(shown.slice(0, 120))}, ${data} data part(s)`);
    if (shown !== expected) throw new Error(`${how}: the page shows ${JSON.stringify(shown)}, the endpoint answers ${JSON.stringify(expected)}`);
    if (data === 0) throw new Error(`${how}: the catalogue rows (a data part) are not shown`);
  }
  await page.screenshot({ path: screenshot, fullPage: true });
  console.log('screenshot: ' + screenshot);
} catch (e) {
  failed = true;
  console.log('FAILED: ' + e.message);
} finally {
  await browser.close();
}
problems.forEach((p) => console.log('PROBLEM: ' + p));
console.log(failed || problems.length ? 'landing page: FAILED' : 'landing page: ok');
process.exit(failed || problems.length ? 1 : 0);
