import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDocsift, type ProcessResult } from '@docsift/core';
import { silentLogger } from '@docsift/core/testing';
import { insuranceCertPlugin } from '@docsift/plugin-insurance-cert';
import { sorPlugin } from '@docsift/plugin-sor';
import { templatePlugin } from '@docsift/plugin-template';
import { addScores, emptyScore, f1, type FieldScore } from './score.js';
import { recapExact, scoreInsuranceCert, scoreSorFields, scoreSorLineItems } from './scorers.js';
import { evaluateSorFamilies, GENERATED_DIR } from './sor-families.js';
import { evaluateTemplates } from './templates/run.js';
import { evaluateLearning } from './learning.js';
import { buildPackets, packetSection, scorePacketSet, type PacketAnswer, type SingleDocument, type SingleOutcome } from './packets.js';

// `npm run eval`: runs the engine over ../shared/corpus and writes eval/RESULTS.md.
const here = path.dirname(fileURLToPath(import.meta.url));
const corpus = path.resolve(here, '../../shared/corpus');
const HAND_WRITTEN_HEADING = '## Changes since the previous run (written by hand)';

interface Answer {
  file: string;
  set: 'public' | 'synthetic';
  documentType: string | null;
  variant?: string;
  multiDocument?: boolean;
  extractedData?: Record<string, unknown>;
  acceptableAlternatives?: Record<string, unknown[]>;
}

interface Row {
  answer: Answer;
  result: ProcessResult | null;
  error: string | null;
  ms: number;
  scan: boolean;
}

function loadAnswers(): Answer[] {
  const pub = JSON.parse(readFileSync(path.join(corpus, 'public/answers.json'), 'utf8')).documents as Answer[];
  const syn = JSON.parse(readFileSync(path.join(corpus, 'synthetic/answers.json'), 'utf8')).files as Answer[];
  return [...pub.map((a) => ({ ...a, set: 'public' as const })), ...syn.map((a) => ({ ...a, set: 'synthetic' as const }))];
}

async function runAll(answers: Answer[]): Promise<Row[]> {
  const docsift = createDocsift({ plugins: [sorPlugin(), insuranceCertPlugin(), templatePlugin()], logger: silentLogger });
  const rows: Row[] = [];
  try {
    for (const answer of answers) {
      const bytes = new Uint8Array(readFileSync(path.join(corpus, answer.set, answer.file)));
      const started = performance.now();
      try {
        const result = await docsift.process(bytes, { now: new Date('2026-11-21T00:00:00Z') });
        const ms = performance.now() - started;
        rows.push({ answer, result, error: null, ms, scan: result.pageSources.includes('ocr') });
      } catch (error) {
        rows.push({ answer, result: null, error: (error as Error).message, ms: performance.now() - started, scan: false });
      }
      process.stdout.write(`  ${answer.file}: ${rows.at(-1)!.result?.documentType ?? rows.at(-1)!.error} (${Math.round(rows.at(-1)!.ms)} ms)\n`);
    }
  } finally {
    await docsift.close();
  }
  return rows;
}

const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
const fmt = (score: FieldScore) => {
  const { precision, recall, f1: f } = f1(score);
  return `${precision.toFixed(3)} | ${recall.toFixed(3)} | **${f.toFixed(3)}** | ${score.correct}/${score.expected} (pred ${score.predicted})`;
};

function classificationSection(rows: Row[]): string[] {
  const scored = rows.filter((row) => !row.answer.multiDocument);
  const correct = scored.filter((row) => row.result?.documentType === row.answer.documentType);
  const labels = ['insurance_cert', 'sor', 'unknown'];
  const lines = [
    '## Classification',
    '',
    `Accuracy: **${pct(correct.length / scored.length)}** (${correct.length}/${scored.length} single documents; packets are scored in their own section below).`,
    '',
    `Non-ACORD-25 documents called insurance_cert: **${scored.filter((row) => row.answer.documentType !== 'insurance_cert' && row.result?.documentType === 'insurance_cert').length}**`,
    '',
    '| expected \\ predicted | ' + labels.join(' | ') + ' | error |',
    '|---|' + labels.map(() => '---|').join('') + '---|',
  ];
  for (const expected of labels) {
    const group = scored.filter((row) => row.answer.documentType === expected);
    lines.push(`| ${expected} | ${labels.map((label) => group.filter((row) => row.result?.documentType === label).length).join(' | ')} | ${group.filter((row) => !row.result).length} |`);
  }
  const wrong = scored.filter((row) => row.result?.documentType !== row.answer.documentType);
  if (wrong.length) {
    lines.push('', 'Misclassified:', '');
    for (const row of wrong) lines.push(`- ${row.answer.file}: expected ${row.answer.documentType}, got ${row.result?.documentType ?? row.error} (${row.result?.classificationConfidence ?? '-'})`);
  }
  return lines;
}

function extractionSection(rows: Row[]): string[] {
  const groups = new Map<string, FieldScore>();
  const add = (key: string, score: FieldScore) => groups.set(key, addScores(groups.get(key) ?? emptyScore(), score));
  const perFile: string[] = [];
  let recapDigital = 0;
  let recapDigitalTotal = 0;
  for (const row of rows) {
    const { answer } = row;
    if (!answer.extractedData || answer.multiDocument) continue;
    const predicted = row.result?.documentType === answer.documentType ? (row.result.extractedData as Record<string, any>) : null;
    const kind = row.scan ? 'scan' : 'digital';
    if (answer.documentType === 'insurance_cert') {
      const score = scoreInsuranceCert(answer.extractedData, predicted, answer.acceptableAlternatives);
      add(`insurance_cert fields, ${kind}`, score);
      perFile.push(`| ${answer.file} | ${kind} | fields | ${f1(score).f1.toFixed(3)} |`);
    } else if (answer.documentType === 'sor') {
      const items = scoreSorLineItems(answer.extractedData, predicted);
      const fields = scoreSorFields(answer.extractedData, predicted, answer.acceptableAlternatives);
      add(`sor line items, ${kind}`, items);
      add(`sor metadata+sections+recap, ${kind}`, fields);
      perFile.push(`| ${answer.file} | ${kind} | line items / fields | ${f1(items).f1.toFixed(3)} / ${f1(fields).f1.toFixed(3)} |`);
      if (!row.scan) {
        recapDigitalTotal++;
        if (recapExact(answer.extractedData, predicted)) recapDigital++;
      }
    }
  }
  const lines = ['## Extraction', '', '| group | precision | recall | F1 | correct/expected |', '|---|---|---|---|---|'];
  for (const [key, score] of [...groups].sort()) lines.push(`| ${key} | ${fmt(score)} |`);
  lines.push('', `SOR recap exact on digital documents: **${recapDigital}/${recapDigitalTotal}**`, '');
  lines.push('| file | kind | measure | F1 |', '|---|---|---|---|', ...perFile);
  return lines;
}

function timingSection(rows: Row[]): string[] {
  const lines = ['## Time per document (in-process, one run, OCR workers: 2)', '', '| file | pages | read via | ms |', '|---|---|---|---|'];
  for (const row of rows) lines.push(`| ${row.answer.file} | ${row.result?.pageCount ?? '-'} | ${row.scan ? 'OCR' : 'text'} | ${Math.round(row.ms)} |`);
  return lines;
}

/**
 * Documents the corpus packets do not hold, for packets: generated statements of repair (tuning and
 * held-out families apart) and the template corpus's invoices and receipts (alternately).
 */
function unseenSingles(): { tuning: SingleDocument[]; heldOut: SingleDocument[]; heldOutFamilies: string } {
  const templates = JSON.parse(readFileSync(path.join(corpus, 'templates/answers.json'), 'utf8')).files as Array<{ file: string; variant: string }>;
  const generated = JSON.parse(readFileSync(path.join(GENERATED_DIR, 'answers.json'), 'utf8')).files as Array<{ file: string; variant: string; heldOut: boolean; layoutFamily: string }>;
  const invoices = templates.map((answer, index) => ({
    heldOut: index % 2 === 1,
    single: { path: path.join(corpus, 'templates', answer.file), label: `templates/${answer.file}`, documentType: 'unknown', scan: answer.variant !== 'digital' },
  }));
  const statements = generated.map((answer) => ({
    heldOut: answer.heldOut,
    single: { path: path.join(GENERATED_DIR, answer.file), label: `generated/${answer.file}`, documentType: 'sor', scan: answer.variant !== 'digital' },
  }));
  const all = [...invoices, ...statements];
  const heldOutFamilies = [...new Set(generated.filter((answer) => answer.heldOut).map((answer) => answer.layoutFamily))].join(', ');
  return { tuning: all.filter((entry) => !entry.heldOut).map((entry) => entry.single), heldOut: all.filter((entry) => entry.heldOut).map((entry) => entry.single), heldOutFamilies };
}

/**
 * Packets of documents the splitter was tuned on (the corpus's two packets; packets assembled from the
 * corpus's single documents, the tuning families and half the template corpus) and of documents it
 * never saw while tuning (the held-out families and the other half of the template corpus).
 */
async function evaluatePackets(rows: Row[]): Promise<string[]> {
  const singles = rows.filter((row) => !row.answer.multiDocument && row.answer.documentType);
  const label = (answer: Answer) => `${answer.set}/${answer.file}`;
  const tuning: SingleDocument[] = singles.map((row) => ({
    path: path.join(corpus, row.answer.set, row.answer.file),
    label: label(row.answer),
    documentType: row.answer.documentType!,
    scan: row.scan,
  }));
  const outcomes = new Map<string, SingleOutcome>(
    singles.map((row) => [
      label(row.answer),
      {
        documentType: row.answer.documentType!,
        extractedData: row.answer.extractedData,
        acceptableAlternatives: row.answer.acceptableAlternatives,
        alone: row.result?.documentType === row.answer.documentType ? (row.result.extractedData as Record<string, unknown>) : null,
      },
    ]),
  );
  const corpusPackets: PacketAnswer[] = (JSON.parse(readFileSync(path.join(corpus, 'synthetic/answers.json'), 'utf8')).files as Array<Answer & { documents?: Array<{ documentType: string; pages: [number, number] }> }>)
    .filter((answer) => answer.multiDocument && answer.documents)
    .map((answer) => ({
      file: path.join(corpus, 'synthetic', answer.file),
      pageCount: answer.documents!.at(-1)!.pages[1],
      parts: answer.documents!.map((document) => ({ ...document, documentType: document.documentType ?? 'unknown', source: '' })),
    }));
  const unseen = unseenSingles();
  const tuningPackets = [...corpusPackets, ...(await buildPackets('tuning', [...tuning, ...unseen.tuning], { count: 40, seed: 20261126 }))];
  const heldOutPackets = await buildPackets('held-out', unseen.heldOut, { count: 30, seed: 20261127 });
  const docsift = createDocsift({ plugins: [sorPlugin(), insuranceCertPlugin(), templatePlugin()], logger: silentLogger });
  const comparison = { same: 0, better: 0, worse: [] as string[] };
  try {
    const tuned = await scorePacketSet(docsift, tuningPackets, outcomes, comparison);
    const heldOut = await scorePacketSet(docsift, heldOutPackets, new Map(), { same: 0, better: 0, worse: [] });
    return packetSection(
      [
        { name: 'tuning: corpus packets; corpus documents, tuning families, half the template corpus', score: tuned },
        { name: `held out: families ${unseen.heldOutFamilies}, the other half of the template corpus`, score: heldOut },
      ],
      comparison,
      'The held-out packets are the honest figure: their documents were never looked at while the splitter was written.',
    );
  } finally {
    await docsift.close();
  }
}

async function main(): Promise<void> {
  if (!existsSync(path.join(corpus, 'public/answers.json'))) {
    process.stdout.write(`eval: ${corpus} is absent; nothing to evaluate.\n`);
    return;
  }
  const rows = await runAll(loadAnswers());
  const families = await evaluateSorFamilies();
  const templates = await evaluateTemplates(corpus);
  const learning = await evaluateLearning(corpus);
  const packets = await evaluatePackets(rows);
  const report = [
    '# Evaluation results',
    '',
    `Generated by \`npm run eval\` on ${new Date().toISOString().slice(0, 10)} over the evaluation corpus (public + synthetic + templates, kept outside this repository) and the generated statement-of-repair families.`,
    'Strings compared after case, space and punctuation folding; money to the cent; dates as ISO. Line items count as correct only when every field matches.',
    '',
    ...classificationSection(rows),
    '',
    ...extractionSection(rows),
    '',
    ...families,
    '',
    ...templates,
    '',
    ...learning,
    '',
    ...packets,
    '',
    ...timingSection(rows),
    '',
  ].join('\n');
  const resultsPath = path.join(here, 'RESULTS.md');
  writeFileSync(resultsPath, report + handWrittenNotes(resultsPath));
  process.stdout.write(`\n${report}`);
}

/** The notes kept by hand at the end of RESULTS.md, from their heading on; a run keeps them. */
function handWrittenNotes(resultsPath: string): string {
  if (!existsSync(resultsPath)) return '';
  const previous = readFileSync(resultsPath, 'utf8');
  const start = previous.indexOf(HAND_WRITTEN_HEADING);
  return start < 0 ? '' : `\n${previous.slice(start)}`;
}

await main();
