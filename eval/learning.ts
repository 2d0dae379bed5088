import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDocsift, type DocumentModel, type ExtractionResult, type FieldSpec, type LearnedLayout, type TemplateExtractContext } from '@docsift/core';
import { silentLogger } from '@docsift/core/testing';
import { learnedLayoutSimilarities, templatePlugin } from '@docsift/plugin-template';
import { DEFAULT_SEED, generateSorFamilies } from './generator/generate.js';
import type { SorAnswer } from './generator/answers.js';
import { addScores, emptyScore, f1, type FieldScore } from './score.js';
import { INVOICE_TEMPLATE } from './templates/invoice-template.js';
import { scoreFile, scoreValue, SCALAR_FIELDS, type Comparison, type TemplateAnswer } from './templates/score.js';

/**
 * `npm run eval:learning`, and a section of `npm run eval`: corrections that teach. For each
 * statement-of-repair layout family, the template extractor reads a template of header fields; one
 * document of the family is "corrected" with its answers (`learn`), the family's other documents
 * are read again with the learned layout. Documents of every other layout must come out unchanged.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
/**
 * New documents of the same layouts: generated with a seed of their own, run once the learning was
 * built. (Seeds DEFAULT_SEED and DEFAULT_SEED + 17 were used while building it.)
 */
const NEW_DOCUMENTS_SEED = DEFAULT_SEED + 31;
const HEADING = '## Corrections that teach (learned layouts)';
const NOW = new Date('2026-11-21T00:00:00Z');
/** Tuning families (those of the first rounds): the held-out ones are never run here. */
const FAMILIES = ['g1', 'g2', 'g3', 'g4', 'g9', 'g10', 'g11', 'g12', 'g13', 'g14', 'g15', 'g16'];
/** The document of each family that is corrected; the family's others are read with what was learned. */
const CORRECTED = 'a';

/** Header fields of a statement of repair, worded as a consumer would. */
export const SOR_HEADER_TEMPLATE: FieldSpec[] = [
  { name: 'propertyAddress', type: 'address', description: 'Address of the property to be repaired.' },
  { name: 'borrower', type: 'string', description: 'Name of the borrower.' },
  { name: 'contractor', type: 'string', description: 'Name of the contractor doing the work.' },
  { name: 'inspectionDate', type: 'date', description: 'Date of the inspection.' },
  { name: 'total', type: 'currency', description: 'Grand total of the repairs.' },
];
const COMPARISONS: Record<string, Comparison> = { propertyAddress: 'text', borrower: 'text', contractor: 'text', inspectionDate: 'date', total: 'amount' };

/** The template's answers, from the generator's answer key (null where the family does not print the field). */
function headerAnswers(answer: SorAnswer): Record<string, unknown> {
  const { documentMetadata, recapSummary } = answer.extractedData;
  return {
    propertyAddress: documentMetadata.propertyAddress,
    borrower: documentMetadata.borrowerName,
    contractor: documentMetadata.contractorInfo.name,
    inspectionDate: documentMetadata.inspectionDate,
    total: recapSummary.grandTotal,
  };
}

type Extractor = ReturnType<typeof templatePlugin>['extractor'];

/** Reads of documents without learned layouts, by path: each is read so once. */
const plainReads = new Map<string, Promise<ExtractionResult>>();
function readPlain(extractor: Extractor, file: string, document: DocumentModel, fields: FieldSpec[]): Promise<ExtractionResult> {
  if (!plainReads.has(file)) plainReads.set(file, extractor.extract(document, fields, context()));
  return plainReads.get(file)!;
}

/** A document read with the layouts learned from the other layouts. */
interface OtherDocument {
  path: string;
  /** Its layout family; null for a document of no family. */
  family: string | null;
  document: DocumentModel;
  fields: FieldSpec[];
}

interface Read {
  file: string;
  family: string;
  before: Record<string, FieldScore>;
  after: Record<string, FieldScore>;
  learned: Array<{ confidence: number; right: boolean }>;
}

const sum = (scores: FieldScore[]): FieldScore => scores.reduce((into, score) => addScores(into, { ...score, misses: [] }), emptyScore());
const rates = (score: FieldScore): string => {
  const { precision, recall, f1: value } = f1(score);
  return `${precision.toFixed(3)} | ${recall.toFixed(3)} | **${value.toFixed(3)}** | ${score.correct}/${score.expected} (pred ${score.predicted})`;
};

function scoreFields(expected: Record<string, unknown>, predicted: Record<string, unknown>): Record<string, FieldScore> {
  return Object.fromEntries(SOR_HEADER_TEMPLATE.map(({ name }) => [name, scoreValue(COMPARISONS[name], name, expected[name], [], predicted[name])]));
}

const context = (learnedLayouts: readonly LearnedLayout[] = []): TemplateExtractContext => ({ logger: silentLogger, now: NOW, learnedLayouts });
const unchanged = (a: ExtractionResult, b: ExtractionResult): boolean => JSON.stringify(a) === JSON.stringify(b);

async function learnFamilies(extractor: Extractor, documents: Map<string, DocumentModel>, answers: SorAnswer[]): Promise<Map<string, LearnedLayout>> {
  const layouts = new Map<string, LearnedLayout>();
  for (const answer of answers.filter((candidate) => candidate.file.endsWith(`_${CORRECTED}.pdf`))) {
    const layout = await extractor.learn!(documents.get(answer.file)!, SOR_HEADER_TEMPLATE, headerAnswers(answer));
    if (layout) layouts.set(answer.layoutFamily, layout);
  }
  return layouts;
}

async function readAgain(extractor: Extractor, dir: string, documents: Map<string, DocumentModel>, answers: SorAnswer[], layouts: Map<string, LearnedLayout>): Promise<Read[]> {
  const all = [...layouts.values()];
  const reads: Read[] = [];
  for (const answer of answers) {
    const document = documents.get(answer.file)!;
    const expected = headerAnswers(answer);
    const before = await readPlain(extractor, path.join(dir, answer.file), document, SOR_HEADER_TEMPLATE);
    const after = await extractor.extract(document, SOR_HEADER_TEMPLATE, context(all));
    const scores = scoreFields(expected, after.data);
    const learned = Object.entries(after.fieldDetails)
      .filter(([, detail]) => detail.source === 'learned')
      .map(([name, detail]) => ({ confidence: detail.confidence, right: scores[name].correct > 0 }));
    reads.push({ file: answer.file, family: answer.layoutFamily, before: scoreFields(expected, before.data), after: scores, learned });
  }
  return reads;
}

function fieldLines(reads: Read[]): string[] {
  const lines = ['| field | before: P | R | F1 | right/expected (predicted) | after: P | R | F1 | right/expected (predicted) |', '|---|---|---|---|---|---|---|---|---|'];
  for (const { name } of SOR_HEADER_TEMPLATE) {
    lines.push(`| ${name} | ${rates(sum(reads.map((read) => read.before[name])))} | ${rates(sum(reads.map((read) => read.after[name])))} |`);
  }
  const all = (pick: (read: Read) => Record<string, FieldScore>) => sum(reads.flatMap((read) => Object.values(pick(read))));
  lines.push(`| **all fields** | ${rates(all((read) => read.before))} | ${rates(all((read) => read.after))} |`);
  return lines;
}

function familyLines(reads: Read[], similarities: Map<string, number[]>): string[] {
  const lines = ['| family | documents read again | similarity to the learned layout | fields right before | after | values read as learned |', '|---|---|---|---|---|---|'];
  for (const family of FAMILIES) {
    const members = reads.filter((read) => read.family === family);
    if (members.length === 0) continue;
    const right = (pick: (read: Read) => Record<string, FieldScore>) => {
      const score = sum(members.flatMap((read) => Object.values(pick(read))));
      return `${score.correct}/${score.expected}`;
    };
    const learned = members.flatMap((read) => read.learned);
    const similarity = (similarities.get(family) ?? []).map((value) => value.toFixed(2)).join(', ');
    lines.push(`| ${family} | ${members.length} | ${similarity} | ${right((read) => read.before)} | ${right((read) => read.after)} | ${learned.length} (${learned.filter((value) => value.right).length} right) |`);
  }
  return lines;
}

const BINS = [0.5, 0.7, 0.8, 0.9, 1.0001];

function calibrationLines(reads: Read[]): string[] {
  const values = reads.flatMap((read) => read.learned);
  const lines = ['| confidence | values read as learned | right | share right |', '|---|---|---|---|'];
  for (let bin = 0; bin < BINS.length - 1; bin += 1) {
    const inBin = values.filter((value) => value.confidence >= BINS[bin] && value.confidence < BINS[bin + 1]);
    const right = inBin.filter((value) => value.right).length;
    lines.push(`| ${BINS[bin].toFixed(1)}–${Math.min(1, BINS[bin + 1]).toFixed(1)} | ${inBin.length} | ${right} | ${inBin.length ? (right / inBin.length).toFixed(2) : '–'} |`);
  }
  return lines;
}

interface OtherLayouts {
  documents: number;
  pairs: number;
  matched: number;
  changed: string[];
  maxSimilarity: number;
}

/** Every document read with the layouts learned from other layouts: none may match, nothing may change. */
async function otherLayouts(extractor: Extractor, documents: OtherDocument[], layouts: Map<string, LearnedLayout>): Promise<OtherLayouts> {
  const result: OtherLayouts = { documents: documents.length, pairs: 0, matched: 0, changed: [], maxSimilarity: 0 };
  for (const { path: file, family, document, fields } of documents) {
    const others = [...layouts].filter(([learnedFamily]) => learnedFamily !== family).map(([, layout]) => layout);
    const similarities = learnedLayoutSimilarities(document, others);
    result.pairs += similarities.length;
    result.maxSimilarity = Math.max(result.maxSimilarity, ...similarities);
    const before = await readPlain(extractor, file, document, fields);
    const after = await extractor.extract(document, fields, context(others));
    if (Object.values(after.fieldDetails).some((detail) => detail.source === 'learned')) result.matched += 1;
    if (!unchanged(before, after)) result.changed.push(file);
  }
  return result;
}

/** Same issuer, another language: Au bon moulin's French invoice corrected, its English one read again. */
async function sameIssuer(extractor: Extractor, read: (file: string) => Promise<DocumentModel>, corpusDir: string): Promise<string[]> {
  const folder = path.join(corpusDir, 'templates');
  if (!existsSync(path.join(folder, 'answers.json'))) return [`Not run: ${folder} is absent.`];
  const answers = (JSON.parse(readFileSync(path.join(folder, 'answers.json'), 'utf8')) as { files: TemplateAnswer[] }).files;
  const corrected = answers.find((answer) => answer.file === 'invoice_aubonmoulin_fr.pdf')!;
  const next = answers.find((answer) => answer.file === 'invoice_aubonmoulin_en.pdf')!;
  const scalars = Object.fromEntries(SCALAR_FIELDS.map((name) => [name, corrected.answers[name] ?? null]));
  const layout = await extractor.learn!(await read(path.join(folder, corrected.file)), INVOICE_TEMPLATE, scalars);
  const document = await read(path.join(folder, next.file));
  const before = scoreFile(next, (await extractor.extract(document, INVOICE_TEMPLATE, context())).data);
  const after = scoreFile(next, (await extractor.extract(document, INVOICE_TEMPLATE, context(layout ? [layout] : []))).data);
  const right = (score: typeof before) => {
    const total = sum(Object.values(score.fields));
    return `${total.correct}/${total.expected}`;
  };
  const similarity = layout ? learnedLayoutSimilarities(document, [layout])[0] : 0;
  return [
    `Same issuer, other language (corpus/templates, invoice template's scalar fields): \`${corrected.file}\` corrected, \`${next.file}\` read again:`,
    `similarity ${similarity.toFixed(2)} (the French labels are not the English ones: ${similarity >= 0.5 ? 'it matches' : 'it does not match, and is read as before'}); scalar fields right ${right(before)} before, ${right(after)} after.`,
  ];
}

/** A set of generated documents: the seed they are made from, where, and what it says of the figures. */
interface GeneratedSet {
  seed: number;
  dir: string;
  title: string;
}

const SETS: GeneratedSet[] = [
  {
    seed: DEFAULT_SEED,
    dir: path.join(here, 'generated/learning-sor'),
    title: `Documents used while building the learning (seed ${DEFAULT_SEED})`,
  },
  {
    seed: NEW_DOCUMENTS_SEED,
    dir: path.join(here, 'generated/learning-sor-new'),
    title: `New documents of the same layouts (seed ${NEW_DOCUMENTS_SEED}), run once the learning was built and not tuned on: **the honest figure**`,
  },
];

interface SetRun {
  lines: string[];
  layouts: Map<string, LearnedLayout>;
}

async function evaluateSet(extractor: Extractor, read: (file: string) => Promise<DocumentModel>, set: GeneratedSet, invoiceDocuments: OtherDocument[]): Promise<SetRun> {
  const generated = await generateSorFamilies(set.dir, { families: FAMILIES, variants: ['digital'], seed: set.seed });
  const documents = new Map<string, DocumentModel>();
  for (const answer of generated.files) documents.set(answer.file, await read(path.join(set.dir, answer.file)));
  const layouts = await learnFamilies(extractor, documents, generated.files);
  const readAgainFiles = generated.files.filter((answer) => !answer.file.endsWith(`_${CORRECTED}.pdf`));
  const reads = await readAgain(extractor, set.dir, documents, readAgainFiles, layouts);
  const similarities = new Map<string, number[]>();
  for (const answer of readAgainFiles) {
    const layout = layouts.get(answer.layoutFamily);
    if (layout) similarities.set(answer.layoutFamily, [...(similarities.get(answer.layoutFamily) ?? []), ...learnedLayoutSimilarities(documents.get(answer.file)!, [layout])]);
  }
  const sorDocuments = generated.files.map((answer) => ({ path: path.join(set.dir, answer.file), family: answer.layoutFamily, document: documents.get(answer.file)!, fields: SOR_HEADER_TEMPLATE }));
  const others = await otherLayouts(extractor, [...sorDocuments, ...invoiceDocuments], layouts);
  const sizes = [...layouts.values()].map((layout) => JSON.stringify(layout).length);
  const changed = others.changed.map((file) => path.basename(file));
  return {
    layouts,
    lines: [
      `### ${set.title}`,
      '',
      `Per field, the ${reads.length} documents read again, before and after the correction of one document of their layout (learned layouts: ${Math.min(...sizes)}–${Math.max(...sizes)} bytes of JSON each):`,
      '',
      ...fieldLines(reads),
      '',
      ...familyLines(reads, similarities),
      '',
      'Calibration of the values read with a learned layout (`fieldDetails.source: "learned"`):',
      '',
      ...calibrationLines(reads),
      '',
      `Other layouts: ${others.documents} documents (${sorDocuments.length} of the families, ${invoiceDocuments.length} digital invoices and receipts of corpus/templates read with the invoice template)`,
      `read with the layouts learned from every other family: ${others.pairs} pairs, highest similarity ${others.maxSimilarity.toFixed(2)};`,
      `documents a learned layout matched: **${others.matched}**; documents whose data or fieldDetails changed: **${changed.length}**${changed.length ? ` (${changed.join(', ')})` : ''}.`,
    ],
  };
}

/** The scanned document of each family (another document than the corrected one), read with the layouts learned from digital ones. */
async function scannedLines(extractor: Extractor, read: (file: string) => Promise<DocumentModel>, set: GeneratedSet, layouts: Map<string, LearnedLayout>): Promise<string[]> {
  const dir = `${set.dir}-scanned`;
  const scanned = await generateSorFamilies(dir, { families: FAMILIES, variants: ['scanned'], seed: set.seed });
  const documents = new Map<string, DocumentModel>();
  for (const answer of scanned.files) documents.set(answer.file, await read(path.join(dir, answer.file)));
  const reads = await readAgain(extractor, dir, documents, scanned.files, layouts);
  const learned = reads.flatMap((entry) => entry.learned);
  return [
    `### Scans (\`--scans\`, seed ${set.seed})`,
    '',
    'The scanned document of each family (300 dpi gray, another document than the corrected digital one), read by OCR, with the layouts learned from the digital documents:',
    '',
    ...fieldLines(reads),
    '',
    `Values read as learned: ${learned.length}, right: ${learned.filter((value) => value.right).length}.`,
  ];
}

async function invoiceDocumentsOf(corpusDir: string, read: (file: string) => Promise<DocumentModel>): Promise<OtherDocument[]> {
  const folder = path.join(corpusDir, 'templates');
  if (!existsSync(path.join(folder, 'answers.json'))) return [];
  const answers = (JSON.parse(readFileSync(path.join(folder, 'answers.json'), 'utf8')) as { files: TemplateAnswer[] }).files;
  const documents: OtherDocument[] = [];
  for (const answer of answers.filter((candidate) => candidate.variant === 'digital')) {
    const file = path.join(folder, answer.file);
    documents.push({ path: file, family: null, document: await read(file), fields: INVOICE_TEMPLATE });
  }
  return documents;
}

export async function evaluateLearning(corpusDir: string, options: { scans?: boolean } = {}): Promise<string[]> {
  const started = performance.now();
  const plugin = templatePlugin();
  const docsift = createDocsift({ plugins: [plugin], logger: silentLogger });
  try {
    const read = async (file: string) => docsift.read(new Uint8Array(readFileSync(file)));
    const invoiceDocuments = await invoiceDocumentsOf(corpusDir, read);
    const runs: SetRun[] = [];
    for (const set of SETS) runs.push(await evaluateSet(plugin.extractor, read, set, invoiceDocuments));
    const issuer = await sameIssuer(plugin.extractor, read, corpusDir);
    const newest = SETS.length - 1;
    const scans = options.scans
      ? await scannedLines(plugin.extractor, read, SETS[newest], runs[newest].layouts)
      : ["Scans: `npm run eval:learning -- --scans` also reads each family's scanned document (OCR, a minute or two more)."];
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    return [
      HEADING,
      '',
      `Generated on ${new Date().toISOString().slice(0, 10)}. For each of the ${FAMILIES.length} statement-of-repair layout families ${FAMILIES.join(', ')} (digital documents of`,
      '`eval/generator`, four per family, each from another contractor, borrower and property), the template below is read by the template plugin.',
      `Document \`${CORRECTED}\` of each family is corrected with its answers (\`learn\`); the other three are read again with all the learned layouts`,
      `(\`learnedLayouts\`), the best-matching one used when its similarity reaches 0.5. ${seconds} s in all.`,
      'These families were used while tuning the engine; held-out families are never run here. The first set of documents (and one more',
      `made with seed ${DEFAULT_SEED + 17}) was used while building the learning; the second was generated with another seed (other parties, amounts`,
      'and item counts in the same layouts) and run once it was built: how it does on new documents of layouts it has learned.',
      '',
      'Template:',
      '',
      '```json',
      JSON.stringify(SOR_HEADER_TEMPLATE, null, 2),
      '```',
      '',
      ...runs.flatMap((run) => [...run.lines, '']),
      ...issuer,
      '',
      ...scans,
    ];
  } finally {
    await docsift.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const corpus = path.resolve(here, '../../shared/corpus');
  process.stdout.write(`${(await evaluateLearning(corpus, { scans: process.argv.includes('--scans') })).join('\n')}\n`);
}
