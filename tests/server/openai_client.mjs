// The official `openai` npm client against `peng-cli serve` on loopback: models,
// chat (whole and streamed), tools, completions, log-probabilities and echo scoring
// (as lm-evaluation-harness asks for it), SGLang's routed experts, and the errors the
// client turns into its exception types.
// node openai_client.mjs --cli PENG_CLI --model DIR --work DIR
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import OpenAI from 'openai';
import { arg, startServer } from './serve_process.mjs';

const cli = arg('cli'), model = arg('model'), work = arg('work', '/tmp/peng-openai-client');
mkdirSync(work, { recursive: true });
const keyFile = join(work, 'api-key');
const key = 'peng-test-' + Math.random().toString(36).slice(2);
writeFileSync(keyFile, key + '\n', { mode: 0o600 });

const hardStop = setTimeout(() => { console.error('FAIL: the test ran past 180 s'); process.exit(1); }, 180000);
const server = await startServer(cli, model, ['--api-key-file', keyFile, '--context', '512']);
const client = new OpenAI({ baseURL: server.url, apiKey: key, maxRetries: 0, timeout: 60000 });
const checks = [];
async function check(name, body) {
  try {
    await body();
    checks.push(name);
    console.log('ok  ' + name);
  } catch (e) {
    console.error('FAIL ' + name + ': ' + (e.stack || e));
    await server.stop();
    process.exit(1);
  }
}

let modelId;
await check('models.list carries the MoE shape', async () => {
  const page = await client.models.list();
  assert.equal(page.data.length, 1);
  const card = page.data[0];
  modelId = card.id;
  assert.ok(card.moe_layers > 0 && card.routed_experts > 0 && card.experts_per_token > 0, JSON.stringify(card));
  const one = await client.models.retrieve(modelId);
  assert.equal(one.id, modelId);
});

const messages = [{ role: 'system', content: 'Answer briefly.' }, { role: 'user', content: 'What is a river?' }];
let whole;
await check('chat, whole', async () => {
  whole = await client.chat.completions.create({ model: modelId, messages, max_tokens: 12, temperature: 0 });
  assert.equal(whole.object, 'chat.completion');
  assert.equal(whole.choices[0].message.role, 'assistant');
  assert.equal(typeof whole.choices[0].message.content, 'string');
  assert.ok(['stop', 'length'].includes(whole.choices[0].finish_reason));
  assert.equal(whole.usage.total_tokens, whole.usage.prompt_tokens + whole.usage.completion_tokens);
});

await check('chat, streamed: the same answer, usage last', async () => {
  const stream = await client.chat.completions.create({
    model: modelId, messages, max_tokens: 12, temperature: 0, stream: true, stream_options: { include_usage: true },
  });
  let content = '', reasoning = '', finish = null, usage = null, chunks = 0;
  for await (const chunk of stream) {
    chunks++;
    if (chunk.usage) usage = chunk.usage;
    const choice = chunk.choices[0];
    if (!choice) continue;
    content += choice.delta.content ?? '';
    reasoning += choice.delta.reasoning_content ?? '';
    if (choice.finish_reason) finish = choice.finish_reason;
  }
  assert.ok(chunks >= 3);
  assert.equal(content, whole.choices[0].message.content);
  assert.equal(reasoning, whole.choices[0].message.reasoning_content ?? '');
  assert.equal(finish, whole.choices[0].finish_reason);
  assert.equal(usage.completion_tokens, whole.usage.completion_tokens);
});

await check('chat with tools, tool calls and tool results in the history', async () => {
  const tools = [{
    type: 'function',
    function: { name: 'get_weather', description: 'Weather for a city',
                parameters: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } } } },
  }];
  const history = [
    { role: 'user', content: 'Weather in Rome?' },
    { role: 'assistant', content: null,
      tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Rome","days":2}' } }] },
    { role: 'tool', tool_call_id: 'call_1', content: 'sunny' },
  ];
  const withTools = await client.chat.completions.create({ model: modelId, messages: history, tools, tool_choice: 'auto',
                                                            max_tokens: 6, temperature: 0 });
  const without = await client.chat.completions.create({ model: modelId, messages: history, tool_choice: 'none', tools,
                                                          max_tokens: 6, temperature: 0 });
  // The tools are in the prompt when offered, not when tool_choice is none.
  assert.ok(withTools.usage.prompt_tokens > without.usage.prompt_tokens);
  assert.ok(['stop', 'length', 'tool_calls'].includes(withTools.choices[0].finish_reason));
  for (const call of withTools.choices[0].message.tool_calls ?? []) JSON.parse(call.function.arguments);
  // An assistant tool call whose arguments are not a JSON object is refused, naming it.
  await assert.rejects(client.chat.completions.create({ model: modelId, max_tokens: 2, messages: [
    { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '[1' } }] }] }),
    (e) => e instanceof OpenAI.BadRequestError && e.param === 'messages[0].tool_calls[0].function.arguments');
});

await check('thinking off through chat_template_kwargs', async () => {
  const off = await client.chat.completions.create({ model: modelId, messages, max_tokens: 8, temperature: 0,
                                                      chat_template_kwargs: { enable_thinking: false } });
  assert.equal(off.choices[0].message.reasoning_content, undefined);
  assert.equal(off.usage.prompt_tokens, whole.usage.prompt_tokens + 2);   // the empty <think></think>
});

await check('completions, text and token ids', async () => {
  const text = await client.completions.create({ model: modelId, prompt: 'Once upon a time', max_tokens: 5, temperature: 0 });
  assert.equal(text.object, 'text_completion');
  assert.equal(typeof text.choices[0].text, 'string');
  const ids = await client.completions.create({ model: modelId, prompt: [1, 2, 3, 4], max_tokens: 3 });
  assert.equal(ids.usage.prompt_tokens, 4);
});

await check('log-probabilities: chat top_logprobs and echo scoring of a prompt', async () => {
  const answer = await client.chat.completions.create({ model: modelId, messages, max_tokens: 6, temperature: 0,
                                                         logprobs: true, top_logprobs: 3 });
  const content = answer.choices[0].logprobs.content;
  assert.ok(content.length >= 1 && content.length <= 6);
  for (const entry of content) {
    assert.ok(entry.logprob <= 0 && Array.isArray(entry.bytes));
    assert.equal(entry.top_logprobs.length, 3);
    // Greedy: the chosen token is the likeliest, so it heads its own top list.
    assert.equal(entry.top_logprobs[0].logprob, entry.logprob);
  }
  // lm-evaluation-harness's local-completions: echo, max_tokens 0, logprobs 1, token ids.
  const prompt = [11, 22, 33, 44, 55];
  const scored = await client.completions.create({ model: modelId, prompt, max_tokens: 0, echo: true, logprobs: 1,
                                                   temperature: 0 });
  const lp = scored.choices[0].logprobs;
  assert.equal(lp.tokens.length, prompt.length);
  assert.equal(lp.token_logprobs[0], null);
  for (let i = 1; i < prompt.length; i++) {
    assert.ok(lp.token_logprobs[i] <= 0);
    const top = Object.values(lp.top_logprobs[i]);
    assert.ok(top.length >= 1 && top.length <= 2);
    assert.ok(Math.max(...top) >= lp.token_logprobs[i]);
  }
  assert.equal(scored.choices[0].text, lp.tokens.join(''));
  assert.equal(scored.usage.completion_tokens, 0);
});

await check("SGLang's routed experts, whole and streamed", async () => {
  const card = (await client.models.list()).data[0];
  const answer = await client.chat.completions.create({ model: modelId, messages, max_tokens: 4, temperature: 0,
                                                         return_routed_experts: true });
  const ids = Buffer.from(answer.sglext.routed_experts, 'base64');
  const rows = answer.usage.prompt_tokens + answer.usage.completion_tokens - 1;
  assert.equal(ids.length, rows * card.moe_layers * card.experts_per_token * 4);
  const stream = await client.chat.completions.create({ model: modelId, messages, max_tokens: 4, temperature: 0,
                                                         stream: true, return_routed_experts: true });
  let streamed = null;
  for await (const chunk of stream) if (chunk.sglext) streamed = chunk.sglext.routed_experts;
  assert.equal(streamed, answer.sglext.routed_experts);
});

await check('errors become the client exception types', async () => {
  const stranger = new OpenAI({ baseURL: server.url, apiKey: 'wrong', maxRetries: 0 });
  await assert.rejects(stranger.models.list(), (e) => e instanceof OpenAI.AuthenticationError && e.status === 401);
  await assert.rejects(client.chat.completions.create({ model: 'no-such-model', messages }),
                       (e) => e instanceof OpenAI.NotFoundError && e.param === 'model');
  await assert.rejects(client.chat.completions.create({ model: modelId, messages, temperature: 7 }),
                       (e) => e instanceof OpenAI.BadRequestError && e.param === 'temperature' && /temperature/.test(e.message));
  await assert.rejects(client.chat.completions.create({ model: modelId, messages: [] }),
                       (e) => e instanceof OpenAI.BadRequestError && e.param === 'messages');
});

const code = await server.stop();
clearTimeout(hardStop);
assert.equal(code, 0, 'peng-cli serve stops cleanly on SIGTERM: ' + server.stderr());
console.log(`PASS: ${checks.length} checks with the openai npm client`);
