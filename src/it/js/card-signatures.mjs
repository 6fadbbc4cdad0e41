// Agent Card signatures (A2A 1.0 section 8.4) checked with the official JavaScript SDK's own
// verifier, @a2a-js/sdk verifyAgentCardSignature, keys looked up by kid in a JWK Set.
//
//   node card-signatures.mjs server <base URL>    the served card, in its three renderings
//   node card-signatures.mjs vectors <dir>        the stored test vectors (src/test/resources/card-signing)
//   node card-signatures.mjs sign-vectors <dir>   writes each vector's js-sdk-signed.json (run on purpose)
//
// server: fetches /.well-known/agent-card.json with no A2A-Version (the discovery document), with
// A2A-Version 1.0 and with 0.3, and the JWK Set at /.well-known/agent-card-jwks.json; each rendering
// must verify, with every key of the set, and must not once its name is changed.
// vectors: the SDK's canonicalizeAgentCard of each card.json must be the stored v1-model.jcs; each
// signature of signed.json, alone, verifies exactly when it was made over the 1.0 model form
// (signatures.json says which), and both signatures of js-sdk-signed.json verify; for the cards of
// divergent.json (outside the 1.0 model), the SDK still computes the recorded form.
//
// Prints "PASS <check>" or "FAIL <check>: <reason>" per check, then "N passed, M failed"; exits 1
// when a check failed, 2 on bad usage.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalizeAgentCard, generateAgentCardSignature, verifyAgentCardSignature } from '@a2a-js/sdk';

const TIMEOUT_MS = Number(process.env.INTEROP_TIMEOUT_MS || 15000);
const [mode, target] = process.argv.slice(2);
let passed = 0;
let failed = 0;

function check(name, ok, why) {
  if (ok) {
    passed++;
    console.log(`PASS ${name}`);
  } else {
    failed++;
    console.log(`FAIL ${name}: ${why}`);
  }
}

// The SDK logs each refused entry with console.debug; the PASS/FAIL lines say enough.
console.debug = () => {};

/** Whether the SDK verifies the card with the keys of the JWK Set, looked up by the header's kid. */
async function verifies(card, jwks) {
  const verify = verifyAgentCardSignature(async (kid) => {
    const key = jwks.keys.find((k) => k.kid === kid);
    if (!key) throw new Error(`no key ${kid} in the JWK Set`);
    return key;
  });
  try {
    await verify(card);
    return true;
  } catch {
    return false;
  }
}

const only = (card, signature) => ({ ...card, signatures: [signature] });
const kidOf = (signature) => JSON.parse(Buffer.from(signature.protected, 'base64url').toString('utf8')).kid;
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

async function get(url, headers = {}) {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

async function server(base) {
  const origin = base.replace(/\/$/, '');
  const jwks = await get(`${origin}/.well-known/agent-card-jwks.json`);
  check('the JWK Set has keys', Array.isArray(jwks.keys) && jwks.keys.length > 0, JSON.stringify(jwks));
  const renderings = { discovery: {}, '1.0': { 'A2A-Version': '1.0' }, '0.3': { 'A2A-Version': '0.3' } };
  for (const [name, headers] of Object.entries(renderings)) {
    const card = await get(`${origin}/.well-known/agent-card.json`, headers);
    const signatures = card.signatures ?? [];
    check(`${name} card is signed`, signatures.length > 0, 'no signatures');
    check(`${name} card verifies`, await verifies(card, jwks), canonicalizeAgentCard(card));
    for (const key of jwks.keys) {
      const own = signatures.filter((s) => kidOf(s) === key.kid);
      const results = await Promise.all(own.map((s) => verifies(only(card, s), jwks)));
      check(`${name} card verifies with key ${key.kid} alone`, results.includes(true),
        `${own.length} signature(s) by it, none verifies`);
    }
    const renamed = { ...card, name: `${card.name} (changed)` };
    check(`${name} card with a changed name does not verify`, !(await verifies(renamed, jwks)), 'it verified');
  }
}

async function vectors(dir) {
  const jwks = readJson(join(dir, 'keys', 'jwks.json'));
  for (const name of readdirSync(join(dir, 'vectors')).sort()) {
    const at = join(dir, 'vectors', name);
    const expected = readFileSync(join(at, 'v1-model.jcs'), 'utf8');
    const canonical = canonicalizeAgentCard(readJson(join(at, 'card.json')));
    check(`${name}: the SDK's canonical form is v1-model.jcs`, canonical === expected,
      `\n  sdk:    ${canonical}\n  stored: ${expected}`);
    const signed = readJson(join(at, 'signed.json'));
    const forms = readJson(join(at, 'signatures.json'));
    for (const [i, signature] of signed.signatures.entries()) {
      const { kid, form } = forms[i];
      const ok = await verifies(only(signed, signature), jwks);
      const should = form !== 'AS_SERVED';
      check(`${name}: signature ${i} (${kid}, ${form}) ${should ? 'verifies' : 'is not the SDK form'}`,
        ok === should, ok ? 'it verified' : 'it did not verify');
    }
    const jsSigned = readJson(join(at, 'js-sdk-signed.json'));
    for (const [i, signature] of jsSigned.signatures.entries()) {
      check(`${name}: the SDK's own signature ${i} verifies`, await verifies(only(jsSigned, signature), jwks), '');
    }
  }
  // Cards outside the 1.0 model, where the SDK coerces what protobuf JSON refuses: still as recorded.
  for (const { name, card, jsSdk } of readJson(join(dir, 'divergent.json'))) {
    const canonical = canonicalizeAgentCard(card);
    check(`divergent ${name}: the SDK's canonical form is as recorded`, canonical === jsSdk, canonical);
  }
}

/** Signs each vector's card.json with the SDK's generateAgentCardSignature and the test-only keys. */
async function signVectors(dir) {
  const { importJWK } = await import('jose'); // the SDK's own dependency
  const keys = readJson(join(dir, 'keys', 'test-only-private-keys.jwks.json')).keys;
  for (const name of readdirSync(join(dir, 'vectors')).sort()) {
    const at = join(dir, 'vectors', name);
    let card = readJson(join(at, 'card.json'));
    delete card.signatures;
    for (const jwk of keys.filter((k) => k.alg === 'ES256' || k.alg === 'RS256')) {
      const key = await importJWK(jwk, jwk.alg);
      card = await generateAgentCardSignature(key, { alg: jwk.alg, typ: 'JOSE', kid: jwk.kid })(card);
    }
    writeFileSync(join(at, 'js-sdk-signed.json'), `${JSON.stringify(card, null, 2)}\n`);
    console.log(`signed ${name}`);
  }
}

if (mode === 'server' && /^https?:\/\//.test(target ?? '')) {
  await server(target);
} else if (mode === 'vectors' && target) {
  await vectors(target);
} else if (mode === 'sign-vectors' && target) {
  await signVectors(target);
  process.exit(0);
} else {
  console.error('usage: node card-signatures.mjs server <base URL> | vectors <dir> | sign-vectors <dir>');
  process.exit(2);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
