// CTest driver: Peng's chat-template rendering (peng-cli template) against a
// reference renderer, byte for byte, on every conversation of a corpus.
//   node compare.mjs --cli PENG_CLI --template FILE --conversations FILE --work DIR
//                    --reference hf|jinja2 [--python /usr/bin/python3]
// hf: @huggingface/jinja (tests/template/node_modules, from setup.sh);
// jinja2: Python's Jinja2 set up as transformers' apply_chat_template does.
// Each conversation renders three ways: generation prompt with thinking on,
// with thinking off, and no generation prompt. Exit 1 on any difference.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0 && i + 1 < process.argv.length) return process.argv[i + 1];
  if (fallback !== undefined) return fallback;
  console.error(`usage: node compare.mjs --cli PENG_CLI --template FILE --conversations FILE --work DIR ` +
                `--reference hf|jinja2 [--python PYTHON] (missing --${name})`);
  process.exit(2);
}

const cli = option("cli");
const templatePath = option("template");
const conversations = JSON.parse(readFileSync(option("conversations"), "utf8"));
const work = option("work");
const reference = option("reference");
const python = option("python", "/usr/bin/python3");
mkdirSync(work, { recursive: true });

const variants = [
  { flags: [], add_generation_prompt: true, enable_thinking: true },
  { flags: ["--no-think"], add_generation_prompt: true, enable_thinking: false },
  { flags: ["--no-generation-prompt"], add_generation_prompt: false, enable_thinking: true },
];

// The variables ChatTemplate::render passes, in the same order.
const cases = [];
for (const [index, conversation] of conversations.entries()) {
  for (const variant of variants) {
    const context = {
      messages: conversation.messages,
      tools: conversation.tools ?? null,
      add_generation_prompt: variant.add_generation_prompt,
      enable_thinking: variant.enable_thinking,
      ...(conversation.extra ?? {}),
    };
    cases.push({ index, name: conversation.name, variant, context });
  }
}

async function referenceOutputs() {
  const source = readFileSync(templatePath, "utf8");
  if (reference === "hf") {
    const pkg = join(here, "node_modules", "@huggingface", "jinja");
    if (!existsSync(pkg)) {
      console.error(`FAIL: ${pkg} is missing: run tests/template/setup.sh`);
      process.exit(1);
    }
    const { Template } = await import(join(pkg, "dist", "index.js"));
    const template = new Template(source);
    return cases.map((c) => {
      try {
        return { output: template.render(c.context) };
      } catch (e) {
        return { error: String(e.message ?? e) };
      }
    });
  }
  if (reference === "jinja2") {
    const casesPath = join(work, "cases.json");
    writeFileSync(casesPath, JSON.stringify(cases.map((c) => ({ context: c.context }))));
    const run = spawnSync(python, [join(here, "render_jinja2.py"), templatePath, casesPath],
                          { encoding: "utf8", maxBuffer: 1 << 28 });
    if (run.status !== 0) {
      console.error(`FAIL: ${python} render_jinja2.py failed (run tests/template/setup.sh?):\n${run.stderr}`);
      process.exit(1);
    }
    return JSON.parse(run.stdout);
  }
  console.error(`unknown --reference ${reference} (hf or jinja2)`);
  process.exit(2);
}

function pengOutput(c) {
  const base = join(work, `case${c.index}`);
  const args = ["template", "--template", templatePath, "--messages", `${base}.messages.json`, ...c.variant.flags];
  writeFileSync(`${base}.messages.json`, JSON.stringify(c.context.messages));
  if (c.context.tools !== null) {
    writeFileSync(`${base}.tools.json`, JSON.stringify(c.context.tools));
    args.push("--tools", `${base}.tools.json`);
  }
  const extra = conversations[c.index].extra;
  if (extra) {
    writeFileSync(`${base}.extra.json`, JSON.stringify(extra));
    args.push("--extra", `${base}.extra.json`);
  }
  const run = spawnSync(cli, args, { maxBuffer: 1 << 28 });
  if (run.status === 0) return { output: run.stdout };  // bytes, compared as bytes
  // A clean refusal is exit 1 with a message; anything else (a signal, a crash, a
  // spawn failure, silence) is a failure even where the reference refuses too.
  const said = run.stderr ? run.stderr.toString("utf8").trim() : "";
  if (run.status === 1 && said !== "") return { error: said };
  const ended = run.error ? `could not run: ${run.error.message}`
              : run.signal ? `killed by ${run.signal}` : `exit status ${run.status}`;
  return { died: `${ended}${said ? `: ${said}` : ", no message"}` };
}

function describe(c) {
  const v = c.variant.flags.length ? c.variant.flags.join(" ") : "(default flags)";
  return `#${c.index} ${c.name} ${v}`;
}

function firstDifference(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; ++i) if (a[i] !== b[i]) return i;
  return n;
}

const expected = await referenceOutputs();
let passed = 0;
const failures = [];
for (const [i, c] of cases.entries()) {
  const want = expected[i];
  const got = pengOutput(c);
  if (got.died !== undefined) {
    failures.push(`${describe(c)}: peng-cli did not finish cleanly (${got.died})`);
    continue;
  }
  if (want.error !== undefined || got.error !== undefined) {
    if (want.error !== undefined && got.error !== undefined) passed++;
    else failures.push(`${describe(c)}: reference ${want.error ?? "rendered"}, peng ${got.error ?? "rendered"}`);
    continue;
  }
  const wantBytes = Buffer.from(want.output, "utf8");
  if (wantBytes.equals(got.output)) {
    passed++;
    continue;
  }
  const at = firstDifference(wantBytes, got.output);
  const context = (buf) => JSON.stringify(buf.subarray(Math.max(0, at - 40), at + 40).toString("utf8"));
  failures.push(`${describe(c)}: differs at byte ${at} (reference ${wantBytes.length} bytes, peng ${got.output.length})\n` +
                `  reference: ${context(wantBytes)}\n  peng:      ${context(got.output)}`);
}

for (const f of failures.slice(0, 20)) console.log(`FAIL ${f}`);
if (failures.length > 20) console.log(`... and ${failures.length - 20} more`);
console.log(`template ${reference} reference, ${templatePath.split("/").pop()}, ${conversations.length} conversations x ` +
            `${variants.length} variants:`);
console.log(`${passed} passed, ${failures.length} failed`);
process.exit(failures.length ? 1 : 0);
