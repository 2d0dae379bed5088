/**
 * `npm run train`: trains the built-in detectors and writes their versioned artifacts.
 *
 *   npm run train                          train on owned data, write plugins/<type>/model/detector.json
 *   npm run train -- --eval-corpus         then classify ../shared/corpus (held out: never trained on)
 *   npm run train -- --eval-corpus --corpus-cache /tmp/corpus-lines.json
 *                                          reuse the text read from the corpus (OCR is slow)
 *   npm run train -- --dry-run             train and report, write nothing
 *
 * Training data: each plugin's `training/` folder (positives) and core/training/negatives
 * (shared negatives). Every detector is one-vs-rest: its own positives against the negatives
 * and the other types' positives. See docs/classification.md.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { DetectorArtifact, PluginDetector } from '../core/src/contracts/plugin.js';
import type { RegistryEntry } from '../core/src/contracts/registry.js';
import { documentLines, LocalClassifier } from '../core/src/classify/index.js';
import { buildSamples, DEFAULT_TRAINING_CONFIG, trainDetector, trainingDataHash, type LabelledText } from '../core/src/classify/training/index.js';
import { detector as sorDetector } from '../plugins/sor/src/detector.js';
import { detector as insuranceCertDetector } from '../plugins/insurance-cert/src/detector.js';

/** This script's report, on standard output. */
const say = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NEGATIVES_DIR = path.join(ROOT, 'core/training/negatives');
const CORPUS_DIR = path.resolve(ROOT, '../shared/corpus');

interface TrainedType {
  typeCode: string;
  displayName: string;
  /** The plugin's registry threshold (the plugins own it; repeated here only to score the corpus). */
  threshold: number;
  detector: PluginDetector;
  modelFile: string;
}

const TYPES: TrainedType[] = [
  { typeCode: 'sor', displayName: 'Statement of Repair', threshold: 0.85, detector: sorDetector, modelFile: 'plugins/sor/model/detector.json' },
  {
    typeCode: 'insurance_cert',
    displayName: 'Certificate of Liability Insurance (ACORD 25)',
    threshold: 0.8,
    detector: insuranceCertDetector,
    modelFile: 'plugins/insurance-cert/model/detector.json',
  },
];

async function readNegatives(): Promise<LabelledText[]> {
  const names = (await readdir(NEGATIVES_DIR)).filter((name) => name.endsWith('.txt')).sort();
  return Promise.all(
    names.map(async (name) => ({ id: `negatives/${name}`, label: 'unknown', text: await readFile(path.join(NEGATIVES_DIR, name), 'utf8') })),
  );
}

async function readPositives(type: TrainedType): Promise<LabelledText[]> {
  const examples = await type.detector.trainingExamples();
  return examples.map((example) => ({ id: example.id, label: type.typeCode, text: example.text }));
}

async function train(dryRun: boolean): Promise<Map<string, DetectorArtifact>> {
  const texts = [...(await readNegatives()), ...(await Promise.all(TYPES.map(readPositives))).flat()];
  const config = DEFAULT_TRAINING_CONFIG;
  const dataHash = trainingDataHash(texts, config);
  const today = new Date().toISOString().slice(0, 10);
  const started = performance.now();
  const samples = buildSamples(texts, config);
  say(`training data: ${texts.length} templates -> ${samples.length} documents (sha256 ${dataHash.slice(0, 12)})`);
  const artifacts = new Map<string, DetectorArtifact>();
  for (const type of TYPES) {
    const artifact = trainDetector(type.typeCode, samples, config, dataHash, today);
    artifacts.set(type.typeCode, artifact);
    const json = `${JSON.stringify(artifact)}\n`;
    say(
      `${type.typeCode}: version ${artifact.version}, ${artifact.weights.indices.length} weights, ${(json.length / 1024).toFixed(0)} KB,` +
        ` held-out accuracy ${artifact.training.heldOutAccuracy}, platt a=${artifact.calibration.a} b=${artifact.calibration.b}`,
    );
    if (!dryRun) {
      await mkdir(path.dirname(path.join(ROOT, type.modelFile)), { recursive: true });
      await writeFile(path.join(ROOT, type.modelFile), json);
    }
  }
  say(`trained in ${((performance.now() - started) / 1000).toFixed(1)} s${dryRun ? ' (dry run: nothing written)' : ''}`);
  return artifacts;
}

interface CorpusDocument {
  set: 'public' | 'synthetic';
  file: string;
  expected: string;
  lines: string[];
}

function corpusAnswers(): Array<{ set: 'public' | 'synthetic'; file: string; documentType: string | null; multiDocument?: boolean }> {
  const read = (set: string): unknown => JSON.parse(readFileSync(path.join(CORPUS_DIR, set, 'answers.json'), 'utf8'));
  const pub = read('public') as { documents: Array<{ file: string; documentType: string | null }> };
  const syn = read('synthetic') as { files: Array<{ file: string; documentType: string | null; multiDocument?: boolean }> };
  return [...pub.documents.map((d) => ({ ...d, set: 'public' as const })), ...syn.files.map((d) => ({ ...d, set: 'synthetic' as const }))];
}

async function readCorpus(cacheFile: string | undefined): Promise<{ documents: CorpusDocument[]; notScored: string[] }> {
  const answers = corpusAnswers();
  const notScored = answers.filter((answer) => answer.multiDocument || answer.documentType === null).map((answer) => answer.file);
  const scored = answers.filter((answer) => !answer.multiDocument && answer.documentType !== null);
  const cache: Record<string, string[]> = cacheFile && existsSync(cacheFile) ? JSON.parse(await readFile(cacheFile, 'utf8')) : {};
  const missing = scored.filter((answer) => !cache[`${answer.set}/${answer.file}`]);
  if (missing.length > 0) {
    const { createDocumentReader } = await import('../core/src/document/index.js');
    const reader = createDocumentReader({ limits: { maxPages: 500, maxPixels: 1e8 }, ocr: { workers: 2 }, logger: silentLogger() });
    try {
      for (const answer of missing) {
        const bytes = new Uint8Array(await readFile(path.join(CORPUS_DIR, answer.set, answer.file)));
        try {
          cache[`${answer.set}/${answer.file}`] = documentLines(await reader.read(bytes));
        } catch (error) {
          say(`cannot read ${answer.set}/${answer.file}: ${(error as Error).message}`);
        }
      }
    } finally {
      await reader.close();
    }
    if (cacheFile) await writeFile(cacheFile, JSON.stringify(cache));
  }
  const documents = scored.map((answer) => ({
    set: answer.set,
    file: answer.file,
    expected: answer.documentType!,
    lines: cache[`${answer.set}/${answer.file}`] ?? [],
  }));
  return { documents, notScored };
}

function entriesFor(types: TrainedType[]): RegistryEntry[] {
  return types.map((type) => ({
    typeCode: type.typeCode,
    displayName: type.displayName,
    description: type.displayName,
    confidenceThreshold: type.threshold,
    extractionSupported: true,
    legacyTypeCodes: [],
    fields: [],
    keywords: [],
    examples: [],
  }));
}

async function evaluateCorpus(artifacts: Map<string, DetectorArtifact>, cacheFile: string | undefined): Promise<void> {
  if (!existsSync(path.join(CORPUS_DIR, 'public', 'answers.json'))) {
    say(`corpus: ${CORPUS_DIR} is absent; nothing to evaluate`);
    return;
  }
  const { documents, notScored } = await readCorpus(cacheFile);
  const classifier = new LocalClassifier({
    pluginRegistry: { plugin: (typeCode) => ({ detector: { artifact: artifacts.get(typeCode) ?? null, trainingExamples: async () => [] } }) },
    logger: silentLogger(),
  });
  const entries = entriesFor(TYPES);
  let correct = 0;
  let falseCertificates = 0;
  const times: number[] = [];
  classifier.classifyLines(documents[0]?.lines ?? [], entries);
  for (const document of documents) {
    const t0 = performance.now();
    const result = classifier.classifyLines(document.lines, entries);
    times.push(performance.now() - t0);
    const ok = result.documentType === document.expected;
    if (ok) correct++;
    if (result.documentType === 'insurance_cert' && document.expected !== 'insurance_cert') falseCertificates++;
    const others = result.alternativeTypes.map((alt) => `${alt.typeCode} ${alt.confidence.toFixed(3)}`).join(', ');
    say(
      `${ok ? 'ok  ' : 'MISS'} ${document.set}/${document.file}: expected ${document.expected}, got ${result.documentType}` +
        ` (best ${result.bestTypeCode} ${result.confidence.toFixed(3)}${others ? `; ${others}` : ''})`,
    );
  }
  say(
    `corpus (held out): ${correct}/${documents.length} = ${((100 * correct) / documents.length).toFixed(1)}% correct;` +
      ` non-ACORD-25 called insurance_cert: ${falseCertificates}; classify time (warm) p50 ${percentile(times, 0.5).toFixed(2)} ms,` +
      ` max ${percentile(times, 1).toFixed(2)} ms`,
  );
  say(`not scored (multi-document packets): ${notScored.join(', ') || 'none'}`);
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * (sorted.length - 1)))] ?? 0;
}

function silentLogger() {
  const logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {}, child: () => logger };
  return logger;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { 'eval-corpus': { type: 'boolean' }, 'corpus-cache': { type: 'string' }, 'dry-run': { type: 'boolean' } },
  });
  const artifacts = await train(values['dry-run'] ?? false);
  if (values['eval-corpus']) await evaluateCorpus(artifacts, values['corpus-cache']);
}

await main();
