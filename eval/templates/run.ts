import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createDocsift } from '@docsift/core';
import { silentLogger } from '@docsift/core/testing';
import { templatePlugin } from '@docsift/plugin-template';
import { addScores, emptyScore, f1, type FieldScore } from '../score.js';
import { INVOICE_TEMPLATE } from './invoice-template.js';
import { isItem, SCALAR_FIELDS, scoreFile, type FileScore, type TemplateAnswer } from './score.js';

// `npm run eval:templates`: the template extractor over ../shared/corpus/templates, printed as a RESULTS.md section.
const HEADING = '## Extraction by template (corpus/templates)';
// Dates are judged against the processing moment; a fixed one keeps runs comparable.
const NOW = new Date('2026-11-21T00:00:00Z');
const MAX_VALUE_CHARS = 70;
const MAX_ITEM_MISSES_SHOWN = 3;

interface FileRun {
  answer: TemplateAnswer;
  score: FileScore;
  /** Confidence of each scalar value given (fieldDetails), by field. */
  confidence: Partial<Record<string, number>>;
  predicted: Record<string, unknown>;
  error: string | null;
  ms: number;
}

interface Group {
  name: string;
  has: (run: FileRun) => boolean;
}

const GROUPS: Group[] = [
  { name: 'digital', has: (run) => run.answer.variant === 'digital' },
  { name: 'scans and photos', has: (run) => run.answer.variant !== 'digital' },
];

async function runFiles(folder: string, answers: TemplateAnswer[]): Promise<FileRun[]> {
  const plugin = templatePlugin();
  const docsift = createDocsift({ plugins: [plugin], logger: silentLogger });
  const runs: FileRun[] = [];
  try {
    for (const answer of answers) {
      const bytes = new Uint8Array(readFileSync(path.join(folder, answer.file)));
      const started = performance.now();
      let predicted: Record<string, unknown> = {};
      const confidence: FileRun['confidence'] = {};
      let error: string | null = null;
      try {
        const document = await docsift.read(bytes);
        const result = await plugin.extractor.extract(document, INVOICE_TEMPLATE, { logger: silentLogger, now: NOW });
        predicted = result.data;
        for (const [name, detail] of Object.entries(result.fieldDetails)) confidence[name] = detail.confidence;
      } catch (caught) {
        error = (caught as Error).message;
      }
      const ms = performance.now() - started;
      runs.push({ answer, score: scoreFile(answer, predicted), confidence, predicted, error, ms });
      process.stderr.write(`  ${answer.file}: ${Math.round(ms)} ms${error ? ` (${error})` : ''}\n`);
    }
  } finally {
    await docsift.close();
  }
  return runs;
}

const sum = (scores: FieldScore[]): FieldScore => scores.reduce((into, score) => addScores(into, score), emptyScore());
const scalarTotal = (score: FileScore): FieldScore => sum(Object.values(score.fields));
const counts = (score: FieldScore) => `${score.correct}/${score.expected} (pred ${score.predicted})`;
const rates = (score: FieldScore) => {
  const { precision, recall, f1: f } = f1(score);
  return `${precision.toFixed(3)} | ${recall.toFixed(3)} | **${f.toFixed(3)}**`;
};

function summaryTable(runs: FileRun[]): string[] {
  const lines = [
    '| group | files | scalar fields P | R | F1 | right/expected (predicted) | line items P | R | F1 | right/expected (predicted) |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const group of GROUPS) {
    const members = runs.filter(group.has);
    const fields = sum(members.map((run) => scalarTotal(run.score)));
    const items = sum(members.map((run) => run.score.lineItems));
    lines.push(`| ${group.name} | ${members.length} | ${rates(fields)} | ${counts(fields)} | ${rates(items)} | ${counts(items)} |`);
  }
  return lines;
}

function fieldTable(runs: FileRun[]): string[] {
  const lines = [
    `| field | ${GROUPS.map((group) => `${group.name} P | R | F1 | right/expected (predicted)`).join(' | ')} |`,
    `|---|${'---|---|---|---|'.repeat(GROUPS.length)}`,
  ];
  for (const name of SCALAR_FIELDS) {
    const cells = GROUPS.map((group) => {
      const score = sum(runs.filter(group.has).map((run) => run.score.fields[name]));
      return `${rates(score)} | ${counts(score)}`;
    });
    lines.push(`| ${name} | ${cells.join(' | ')} |`);
  }
  return lines;
}

const CONFIDENCE_BINS = [0.5, 0.6, 0.7, 0.8, 0.9, 1.0001];

/** How often a scalar value given with a confidence in each range was right: the confidences' calibration. */
function reliabilityTable(runs: FileRun[]): string[] {
  const lines = ['| confidence | values given | right | share right | mean confidence |', '|---|---|---|---|---|'];
  for (let bin = 0; bin < CONFIDENCE_BINS.length - 1; bin += 1) {
    const [low, high] = [CONFIDENCE_BINS[bin], CONFIDENCE_BINS[bin + 1]];
    const given = runs.flatMap((run) =>
      SCALAR_FIELDS.flatMap((name) => {
        const value = run.confidence[name];
        if (value === undefined || value < low || value >= high || run.predicted[name] === null || run.predicted[name] === undefined) return [];
        return [{ value, right: run.score.fields[name].correct > 0 }];
      }),
    );
    const right = given.filter((entry) => entry.right).length;
    const mean = given.length ? given.reduce((sum, entry) => sum + entry.value, 0) / given.length : 0;
    const range = `${low.toFixed(1)}–${Math.min(1, high).toFixed(1)}`;
    lines.push(`| ${range} | ${given.length} | ${right} | ${given.length ? (right / given.length).toFixed(2) : '–'} | ${given.length ? mean.toFixed(2) : '–'} |`);
  }
  return lines;
}

function fileTable(runs: FileRun[]): string[] {
  const lines = ['| file | language | variant | fields right / expected | line items right / expected | ms |', '|---|---|---|---|---|---|'];
  for (const { answer, score, ms } of runs) {
    const file = `${answer.file} | ${answer.language} | ${answer.variant}`;
    lines.push(`| ${file} | ${counts(scalarTotal(score))} | ${counts(score.lineItems)} | ${Math.round(ms)} |`);
  }
  return lines;
}

const json = (value: unknown) => JSON.stringify(value ?? null);

/** A value as inline code, clipped; a line item as `"description" quantity × unitPrice = amount`. */
function shown(value: unknown): string {
  const text = isItem(value)
    ? `${json(value.description)} ${json(value.quantity)} × ${json(value.unitPrice)} = ${json(value.amount)}`
    : json(value);
  const clipped = text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
  return `\`${clipped.replaceAll('`', "'")}\``;
}

const missText = (miss: FieldScore['misses'][number]) => `${miss.path} ${shown(miss.expected)} → ${shown(miss.predicted)}`;

function missLines(runs: FileRun[]): string[] {
  const lines = ['Wrong or missing values (expected → got; a line item shown as "description" quantity × unitPrice = amount):', ''];
  for (const { answer, score, error } of runs) {
    const fieldMisses = Object.values(score.fields).flatMap((field) => field.misses);
    const itemMisses = score.lineItems.misses;
    if (!fieldMisses.length && !itemMisses.length && !error) continue;
    const fields = fieldMisses.map(missText).join('; ');
    lines.push(`- **${answer.file}**${error ? ` (error: ${error})` : ''}: ${fields || 'scalar fields right'}`);
    if (!score.lineItems.predicted && score.lineItems.expected) {
      lines.push(`  - lineItems: ${score.lineItems.expected} expected, none predicted`);
      continue;
    }
    for (const miss of itemMisses.slice(0, MAX_ITEM_MISSES_SHOWN)) lines.push(`  - ${missText(miss)}`);
    const hidden = itemMisses.length - MAX_ITEM_MISSES_SHOWN;
    if (hidden > 0) lines.push(`  - … ${hidden} more line-item rows wrong or missing`);
  }
  return lines;
}

/** Runs the engine's reader and the template extractor over `<corpusDir>/templates` and scores it, as Markdown lines. */
export async function evaluateTemplates(corpusDir: string): Promise<string[]> {
  const folder = path.join(corpusDir, 'templates');
  if (!existsSync(path.join(folder, 'answers.json'))) {
    const notice = `Not run: ${folder} is absent.`;
    process.stderr.write(`eval:templates: ${notice}\n`);
    return [HEADING, '', notice];
  }
  const answers = (JSON.parse(readFileSync(path.join(folder, 'answers.json'), 'utf8')) as { files: TemplateAnswer[] }).files;
  const started = performance.now();
  const runs = await runFiles(folder, answers);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const variants = ['digital', 'scanned', 'image'].map(
    (variant) => `${answers.filter((answer) => answer.variant === variant).length} ${variant}`,
  );
  return [
    HEADING,
    '',
    `Generated on ${new Date().toISOString().slice(0, 10)}: ${answers.length} invoices and receipts (${variants.join(', ')}),`,
    `each read by the engine's reader, then by the template plugin's extractor with the template below;`,
    `${seconds} s in all (OCR workers: 2).`,
    'Scoring (eval/templates/score.ts): strings folded (case, accents, spaces, punctuation), amounts within 0.005,',
    'dates as ISO text, currency codes exactly; acceptable alternatives count. A null where null is acceptable counts nowhere;',
    'a value where null is expected is a false positive; a wrong value is both predicted-and-wrong and a miss.',
    'A line item is right when all four sub-fields are (descriptions leniently), aligned with the expected items in print order;',
    'the best whole-list alternative counts.',
    '',
    'Template:',
    '',
    '```json',
    JSON.stringify(INVOICE_TEMPLATE, null, 2),
    '```',
    '',
    ...summaryTable(runs),
    '',
    'Per field:',
    '',
    ...fieldTable(runs),
    '',
    'Calibration of the scalar values given (all files): a value given with confidence c should be right about c of the time.',
    '',
    ...reliabilityTable(runs),
    '',
    ...fileTable(runs),
    '',
    ...missLines(runs),
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const corpus = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/corpus');
  process.stdout.write(`${(await evaluateTemplates(corpus)).join('\n')}\n`);
}
