// A bounded load test of `peng-cli serve` on loopback: CLIENTS concurrent clients for
// SECONDS (at least 16 for 60 s by default). Most chat, whole or streamed; some hang up
// mid-stream; some send garbage (bytes that are not HTTP, broken JSON, a body cut
// short, a false Content-Length, a request never finished). Prints a JSON report:
// requests served, 429s, errors, time to first token p50/p99, the server's memory
// over the run; fails unless well-formed clients saw no error but 429, the memory
// stayed flat, and afterwards the server gives the same greedy answer as before.
// node load_test.mjs --cli PENG_CLI --model DIR [--seconds 60] [--clients 16]
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { arg, startServer } from './serve_process.mjs';

const seconds = Number(arg('seconds', '60')), clientCount = Number(arg('clients', '16'));
assert.ok(seconds > 0 && seconds <= 600 && clientCount > 0 && clientCount <= 64, 'bounded: 1-600 s, 1-64 clients');
const hardStop = setTimeout(() => { console.error('FAIL: the load test ran far past its time'); process.exit(1); },
                            (seconds + 180) * 1000);
const server = await startServer(arg('cli'), arg('model'), ['--context', '512', '--max-queue', '8']);
const base = server.url.replace(/\/v1$/, '');
const { port } = new URL(base);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const stats = { served: 0, streamed: 0, rate_limited: 0, refused_as_expected: 0, hung_up: 0, garbage_sent: 0,
                errors: 0, error_samples: [] };
const ttft = [];
const noteError = (what) => { stats.errors++; if (stats.error_samples.length < 10) stats.error_samples.push(what); };

const rssBytes = () => Number(readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]) * 1024;
const post = (path, body, signal) => fetch(base + path, {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal });
const question = (i) => ({ role: 'user', content: `Question ${i}: what do rivers carry?` });

async function referenceAnswer() {
  const res = await post('/v1/chat/completions',
                         { messages: [{ role: 'user', content: 'The reference question.' }], max_tokens: 10, temperature: 0 });
  assert.equal(res.status, 200);
  return (await res.json()).choices[0].message;
}

// Reads server-sent events; `onEvent` returns false to hang up.
async function readEvents(res, onEvent) {
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return true;
    buffer += decoder.decode(value, { stream: true });
    for (let end; (end = buffer.indexOf('\n\n')) >= 0;) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (event.startsWith('data: ') && onEvent(event.slice(6)) === false) { await reader.cancel(); return false; }
    }
  }
}

async function handleRefusal(res, what) {
  if (res.status === 429) {
    stats.rate_limited++;
    await res.arrayBuffer();
    await sleep(200 + Math.random() * 400);
    return true;
  }
  if (res.status !== 200) { noteError(`${what}: HTTP ${res.status} ${await res.text()}`); return true; }
  return false;
}

async function streamingChat(i, hangUp) {
  const started = performance.now();
  const controller = new AbortController();
  const res = await post(i % 2 ? '/v1/chat/completions' : '/v1/completions',
                         i % 2 ? { messages: [question(i)], max_tokens: 4 + (i % 40), stream: true }
                               : { prompt: `Story ${i}:`, max_tokens: 4 + (i % 30), stream: true },
                         controller.signal);
  if (await handleRefusal(res, 'stream')) return;
  let first = true, sawDone = false;
  const finished = await readEvents(res, (data) => {
    if (data === '[DONE]') { sawDone = true; return true; }
    const chunk = JSON.parse(data);
    if (chunk.error) { noteError('stream error event: ' + data); return true; }
    const choice = chunk.choices[0];
    const text = choice && (choice.text || choice.delta?.content || choice.delta?.reasoning_content);
    if (text && first) { first = false; ttft.push(performance.now() - started); }
    return !(hangUp && !first);   // a hang-up client leaves after its first token
  });
  if (hangUp && !finished) { stats.hung_up++; controller.abort(); return; }
  if (!sawDone) noteError('a stream ended without [DONE]');
  else stats.streamed++, stats.served++;
}

async function wholeChat(i) {
  const res = await post('/v1/chat/completions', { messages: [question(i)], max_tokens: 3 + (i % 20), seed: i });
  if (await handleRefusal(res, 'whole')) return;
  const body = await res.json();
  if (typeof body.choices?.[0]?.message?.content !== 'string') noteError('no content: ' + JSON.stringify(body));
  else stats.served++;
}

const garbage = [
  () => Buffer.from(Array.from({ length: 200 }, () => Math.floor(Math.random() * 256))),
  () => 'POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 9\r\n\r\n{"messa',
  () => 'POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: 100000000\r\n\r\n{}',
  () => 'POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\n{"bad": [}}',
  () => 'GET /v1/models HTTP/1.1\r\nHost: x\r\nX-Never-Ends: ',
  () => 'GARBAGE / NOTHTTP\r\n\r\n',
];

function sendGarbage(i) {
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    const done = () => { socket.destroy(); resolve(); };
    socket.setTimeout(15000, done);
    socket.on('error', done);
    socket.on('close', done);
    socket.on('connect', () => {
      socket.write(garbage[i % garbage.length]());
      stats.garbage_sent++;
      // Half the connections hang up at once, half wait for whatever answer comes.
      if (i % 2) setTimeout(done, 50);
    });
    socket.on('data', () => {});
  });
}

async function wellFormedButWrong(i) {
  const res = await post('/v1/chat/completions', [{ messages: 'no' }, { messages: [] }, { messages: [question(i)], top_p: 5 }][i % 3]);
  if (res.status === 400) stats.refused_as_expected++;
  else if (res.status === 429) stats.rate_limited++;
  else noteError(`bad request answered ${res.status}`);
  await res.arrayBuffer();
  const health = await fetch(base + '/health');
  if (health.status !== 200) noteError('health ' + health.status);
  await health.arrayBuffer();
}

const reference = await referenceAnswer();
const rss = [];
const sampler = setInterval(() => rss.push({ t: performance.now(), bytes: rssBytes() }), 500);
const started = performance.now(), deadline = started + seconds * 1000;
async function client(c) {
  for (let i = c * 100000; performance.now() < deadline; i++) {
    try {
      switch (c % 8) {
        case 0: case 1: case 2: await streamingChat(i, false); break;
        case 3: await wholeChat(i); break;
        case 4: await streamingChat(i, i % 2 === 0); break;
        case 5: await streamingChat(i, true); break;
        case 6: await sendGarbage(i); break;
        default: await wellFormedButWrong(i); await sleep(100); break;
      }
    } catch (e) {
      if (e.name !== 'AbortError') noteError(`client ${c}: ${e.message}`);
    }
  }
}
await Promise.all(Array.from({ length: clientCount }, (_, c) => client(c)));
clearInterval(sampler);
const elapsed = (performance.now() - started) / 1000;

const after = await referenceAnswer();
const metrics = await (await fetch(base + '/metrics')).text();
const percentile = (values, p) => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
};
// Memory: the first and the last 20% of the run compared (the first seconds warm the
// allocators and the KV cache up); flat means it grew less than 64 MiB.
const window = Math.max(1, Math.floor(rss.length / 5));
const early = Math.max(...rss.slice(0, window).map((s) => s.bytes));
const late = Math.max(...rss.slice(-window).map((s) => s.bytes));
const report = {
  seconds: Number(elapsed.toFixed(1)), clients: clientCount, ...stats,
  ttft_ms: { count: ttft.length, p50: percentile(ttft, 0.5), p99: percentile(ttft, 0.99) },
  server_rss_mib: { early_max: +(early / 2 ** 20).toFixed(1), late_max: +(late / 2 ** 20).toFixed(1),
                    growth: +((late - early) / 2 ** 20).toFixed(1), samples: rss.length },
  generated_tokens: Number(metrics.match(/\npeng_generated_tokens_total (\S+)/)[1]),
  decode_tokens_per_s: Number(metrics.match(/\npeng_decode_tokens_per_second (\S+)/)[1]),
  same_answer_after: JSON.stringify(after) === JSON.stringify(reference),
};
const code = await server.stop();
report.clean_stop = code === 0;
clearTimeout(hardStop);
console.log(JSON.stringify(report, null, 2));
const failures = [];
if (report.errors) failures.push(`${report.errors} errors`);
if (report.served < clientCount) failures.push('too few requests served');
if (!report.hung_up || !report.garbage_sent) failures.push('no hang-ups or no garbage: the test did not test');
if (late - early >= 64 * 2 ** 20) failures.push('the server memory grew');
if (!report.same_answer_after) failures.push('the greedy answer changed after the load');
if (!report.clean_stop) failures.push('the server did not stop cleanly: ' + server.stderr());
if (failures.length) { console.error('FAIL: ' + failures.join('; ')); process.exit(1); }
console.log('PASS');
