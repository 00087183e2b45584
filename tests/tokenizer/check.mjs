// CTest driver: Peng's tokenizer against the JS reference on the real Qwen3
// tokenizer.json, for every string of corpus.jsonl.
//   node check.mjs --cli PENG_CLI --corpus corpus.jsonl --work DIR
// Checks, per string s: peng ids == reference ids, and decode(encode(s)) ==
// NFC(s) (the file declares an NFC normalizer, so that is the identity for
// text already in NFC). Exit 1 on any difference, listing the first ones.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadReference, readCorpus, referenceIds, tokenizerJsonPath } from "./reference.mjs";

function option(name) {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0 || i + 1 >= process.argv.length) {
    console.error(`usage: node check.mjs --cli PENG_CLI --corpus FILE --work DIR (missing --${name})`);
    process.exit(2);
  }
  return process.argv[i + 1];
}

const cli = option("cli");
const corpusPath = option("corpus");
const work = option("work");
mkdirSync(work, { recursive: true });

const tokenizer = await loadReference();
const corpus = readCorpus(corpusPath);
const expected = corpus.map((s) => referenceIds(tokenizer, s));
const referencePath = join(work, "reference_ids.jsonl");
writeFileSync(referencePath, expected.map((ids) => JSON.stringify(ids)).join("\n") + "\n");

function runCli(args) {
  return execFileSync(cli, args, { encoding: "utf8", maxBuffer: 1 << 28 }).split("\n").filter((l) => l !== "");
}

const pengPath = join(work, "peng_ids.jsonl");
const got = runCli(["tokenize", "--tokenizer", tokenizerJsonPath, "--jsonl", corpusPath]).map((l) => JSON.parse(l));
writeFileSync(pengPath, got.map((ids) => JSON.stringify(ids)).join("\n") + "\n");
const decoded = runCli(["detokenize", "--tokenizer", tokenizerJsonPath, "--jsonl", pengPath]).map((l) => JSON.parse(l));

if (got.length !== corpus.length || decoded.length !== corpus.length) {
  console.error(`FAIL: ${corpus.length} strings in, ${got.length} id lines and ${decoded.length} decoded lines out`);
  process.exit(1);
}

const show = (s) => JSON.stringify(s.length > 160 ? s.slice(0, 160) + "…" : s);
let idMatches = 0;
let roundTrips = 0;
const failures = [];
corpus.forEach((s, i) => {
  const same = JSON.stringify(got[i]) === JSON.stringify(expected[i]);
  if (same) idMatches++;
  else failures.push(`line ${i + 1} ${show(s)}\n    reference ${JSON.stringify(expected[i])}\n    peng      ${JSON.stringify(got[i])}`);
  if (decoded[i] === s.normalize("NFC")) roundTrips++;
  else failures.push(`line ${i + 1} ${show(s)} decodes to ${show(decoded[i])}`);
});

console.log(`ids identical to the JS reference: ${idMatches}/${corpus.length} strings`);
console.log(`decode(encode(s)) == NFC(s): ${roundTrips}/${corpus.length} strings`);
if (failures.length) {
  console.log(`first differences (of ${failures.length}):\n  ` + failures.slice(0, 25).join("\n  "));
  process.exit(1);
}
