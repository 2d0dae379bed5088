import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createDocsift } from '@docsift/core';
import { silentLogger } from '@docsift/core/testing';
import { insuranceCertPlugin } from '@docsift/plugin-insurance-cert';
import { sorPlugin } from '@docsift/plugin-sor';
import { templatePlugin } from '@docsift/plugin-template';
import { generateSorFamilies } from './generator/generate.js';
import type { SorAnswer } from './generator/answers.js';
import { addScores, emptyScore, f1, type FieldScore } from './score.js';
import { recapExact, scoreSorFields, scoreSorLineItems } from './scorers.js';

/**
 * Leave-one-family-out evaluation of statements of repair: generated layout families g1–g101 are
 * used for tuning, g102–g105 never are (g5–g8 were held out up to generator 1.4.0, g18–g21 up to
 * 1.5.0, g22–g25 up to 1.6.0, g26–g29 up to 1.7.0, g30–g33 up to 1.8.1, g34–g37 up to 1.9.0, g38–g41 up to 1.10.0,
 * g42–g45 up to 1.11.0, g46–g49 up to 1.12.0, g50–g53 up to 1.13.0, g54–g57 up to 1.14.0, g58–g61 up to 1.15.0,
 * g62–g65 up to 1.16.0, g66–g69 up to 1.17.0, g70–g73 up to 1.18.0, g74–g77 up to 1.19.0, g78–g81 up to 1.20.0, g82–g85 up to 1.21.0, g86–g89 up to 1.22.0, g90–g93 up to 1.23.0, g94–g97 up to 1.24.0, g98–g101 up to 1.25.0); figures are reported for each group and family apart.
 * `npm run eval:families -- --tuning --variants fax,photo --families g1,g2` runs a part of the set.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
export const GENERATED_DIR = path.join(here, 'generated/sor');

export interface FamilyRow {
  answer: SorAnswer;
  documentType: string | null;
  items: FieldScore;
  fields: FieldScore;
  recapExact: boolean;
  ms: number;
}

/**
 * The variants each group figure sums. The target for pictures of pages names scans and
 * photos; faxes (204 × 98 dpi, far below what OCR is made for) are summed with them too, as every
 * earlier report did, so figures stay comparable across rounds.
 */
const GROUP_VARIANTS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['digital', ['digital']],
  ['scans and photos', ['scanned', 'photo']],
  ['scans, faxes and photos', ['scanned', 'photo', 'fax']],
];

async function runAll(answers: SorAnswer[]): Promise<FamilyRow[]> {
  const docsift = createDocsift({ plugins: [sorPlugin(), insuranceCertPlugin(), templatePlugin()], logger: silentLogger });
  const rows: FamilyRow[] = [];
  try {
    for (const answer of answers) {
      const bytes = new Uint8Array(readFileSync(path.join(GENERATED_DIR, answer.file)));
      const started = performance.now();
      const result = await docsift.process(bytes, { now: new Date('2026-11-21T00:00:00Z') });
      const ms = performance.now() - started;
      const predicted = result.documentType === 'sor' ? (result.extractedData as Record<string, unknown>) : null;
      const expected = answer.extractedData as unknown as Record<string, unknown>;
      rows.push({
        answer,
        documentType: result.documentType,
        items: scoreSorLineItems(expected, predicted),
        fields: scoreSorFields(expected, predicted, answer.acceptableAlternatives),
        recapExact: recapExact(expected, predicted),
        ms,
      });
      process.stderr.write(`  ${answer.file}: ${result.documentType} (${Math.round(ms)} ms)\n`);
    }
  } finally {
    await docsift.close();
  }
  return rows;
}

const fmt = (score: FieldScore): string => {
  const { precision, recall, f1: value } = f1(score);
  return `${precision.toFixed(3)} | ${recall.toFixed(3)} | **${value.toFixed(3)}** | ${score.correct}/${score.expected} (pred ${score.predicted})`;
};

function sum(rows: FamilyRow[], pick: (row: FamilyRow) => FieldScore): FieldScore {
  return rows.reduce((total, row) => addScores(total, { ...pick(row), misses: [] }), emptyScore());
}

/** Family names in their natural order (g2 before g10). */
const familiesOf = (rows: FamilyRow[]): string[] =>
  [...new Set(rows.map((row) => row.answer.layoutFamily))].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));

/** The figures of each group (held out, tuning) over digital files and over pictures of pages. */
export function groupLines(rows: FamilyRow[]): string[] {
  const lines = ['| group | measure | precision | recall | F1 | correct/expected |', '|---|---|---|---|---|---|'];
  for (const heldOut of [true, false]) {
    const name = `${heldOut ? 'held-out' : 'tuning'} families (${familiesOf(rows.filter((row) => row.answer.heldOut === heldOut)).join(', ')})`;
    for (const [kind, variants] of GROUP_VARIANTS) {
      const group = rows.filter((row) => row.answer.heldOut === heldOut && variants.includes(row.answer.variant));
      if (group.length === 0) continue;
      lines.push(`| ${name}, ${kind} | line items | ${fmt(sum(group, (row) => row.items))} |`);
      lines.push(`| ${name}, ${kind} | metadata + sections + recap | ${fmt(sum(group, (row) => row.fields))} |`);
    }
  }
  return lines;
}

/** The non-digital variants one by one: a 200-dpi fax of small print reads much worse than a 300-dpi scan. */
function variantLines(rows: FamilyRow[]): string[] {
  const lines = ['| group | variant | line items F1 | metadata + sections + recap F1 |', '|---|---|---|---|'];
  for (const heldOut of [true, false]) {
    for (const variant of ['scanned', 'photo', 'fax']) {
      const group = rows.filter((row) => row.answer.heldOut === heldOut && row.answer.variant === variant);
      if (group.length === 0) continue;
      lines.push(`| ${heldOut ? 'held-out' : 'tuning'} | ${variant} | ${f1(sum(group, (row) => row.items)).f1.toFixed(3)} | ${f1(sum(group, (row) => row.fields)).f1.toFixed(3)} |`);
    }
  }
  return lines;
}

function familyLines(rows: FamilyRow[]): string[] {
  const lines = ['| family | held out | variant | files | called sor | line items F1 | fields F1 | recap exact |', '|---|---|---|---|---|---|---|---|'];
  for (const family of familiesOf(rows)) {
    for (const variant of ['digital', 'scanned', 'fax', 'photo']) {
      const group = rows.filter((row) => row.answer.layoutFamily === family && row.answer.variant === variant);
      if (group.length === 0) continue;
      const sor = group.filter((row) => row.documentType === 'sor').length;
      const exact = group.filter((row) => row.recapExact).length;
      lines.push(
        `| ${family} | ${group[0].answer.heldOut ? 'yes' : 'no'} | ${variant} | ${group.length} | ${sor}/${group.length} | ${f1(sum(group, (row) => row.items)).f1.toFixed(3)} | ${f1(sum(group, (row) => row.fields)).f1.toFixed(3)} | ${exact}/${group.length} |`,
      );
    }
  }
  return lines;
}

/** Which generated files to run: all of them for eval/RESULTS.md, fewer while tuning. */
export interface FamilySelection {
  families?: string[];
  variants?: string[];
  /** Only the tuning families: the held-out ones stay unseen while tuning. */
  tuningOnly?: boolean;
}

const selected = (answer: SorAnswer, selection: FamilySelection): boolean =>
  (!selection.families || selection.families.includes(answer.layoutFamily)) &&
  (!selection.variants || selection.variants.includes(answer.variant)) &&
  !(selection.tuningOnly && answer.heldOut);

/** Which families the run held out, said plainly also when the run selected only one group. */
export function selectionSentence(tuning: string, heldOut: string): string {
  const measured = 'never looked at while tuning, run only to measure. The figures for held-out families are the ones that say how the engine reads layouts it has not seen.';
  if (!heldOut) return `Families ${tuning} were used while tuning the engine; no held-out family was run.`;
  if (!tuning) return `Only held-out families were run: **${heldOut}**, ${measured}`;
  return `Families ${tuning} were used while tuning the engine; **${heldOut} were held out**: ${measured}`;
}

/** The "Statements of repair in unseen layouts" section of eval/RESULTS.md. */
export async function evaluateSorFamilies(selection: FamilySelection = {}): Promise<string[]> {
  const generated = await generateSorFamilies(GENERATED_DIR);
  const rows = await runAll(generated.files.filter((answer) => selected(answer, selection)));
  const heldOut = familiesOf(rows.filter((row) => row.answer.heldOut)).join(', ');
  const tuning = familiesOf(rows.filter((row) => !row.answer.heldOut)).join(', ');
  return [
    '## Statements of repair in layout families (leave-one-family-out)',
    '',
    `Generated by \`eval/generator\` (version ${generated.generator.version}, seed ${generated.generator.seed}) into \`eval/generated/sor\`: ${rows.length} documents in ${familiesOf(rows).length} layout families, each as 4 digital PDFs, a scan, a fax and a photo.`,
    selectionSentence(tuning, heldOut),
    'Held out before: g5–g8 up to generator 1.4.0, g18–g21 up to 1.5.0, g22–g25 up to 1.6.0, g26–g29 up to 1.7.0, g30–g33 up to 1.8.1, g34–g37 up to 1.9.0, g38–g41 up to 1.10.0, g42–g45 up to 1.11.0, g46–g49 up to 1.12.0, g50–g53 up to 1.13.0, g54–g57 up to 1.14.0, g58–g61 up to 1.15.0, g62–g65 up to 1.16.0, g66–g69 up to 1.17.0, g70–g73 up to 1.18.0, g74–g77 up to 1.19.0, g78–g81 up to 1.20.0, g82–g85 up to 1.21.0, g86–g89 up to 1.22.0, g90–g93 up to 1.23.0, g94–g97 up to 1.24.0 and g98–g101 up to 1.25.0, all written by people who had not tuned the engine; measured round after round, each group joined tuning when the next replaced it (g5–g8 in 1.5.0, g18–g21 in 1.6.0, g22–g25 in 1.7.0, g26–g29 in 1.8.0, g30–g33 in 1.9.0, g34–g37 in 1.10.0, g38–g41 in 1.11.0, g42–g45 in 1.12.0, g46–g49 in 1.13.0, g50–g53 in 1.14.0, g54–g57 in 1.15.0, g58–g61 in 1.16.0, g62–g65 in 1.17.0, g66–g69 in 1.18.0, g70–g73 in 1.19.0, g74–g77 in 1.20.0, g78–g81 in 1.21.0, g82–g85 in 1.22.0, g86–g89 in 1.23.0, g90–g93 in 1.24.0, g94–g97 in 1.25.0, g98–g101 in 1.26.0, when g102–g105 came).',
    'Scores are end to end: a document not classified as `sor` scores as nothing found.',
    '',
    ...groupLines(rows),
    '',
    ...variantLines(rows),
    '',
    ...familyLines(rows),
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { families: { type: 'string' }, variants: { type: 'string' }, tuning: { type: 'boolean', default: false } },
  });
  const list = (value: string | undefined): string[] | undefined => value?.split(',').map((part) => part.trim());
  const selection = { families: list(values.families), variants: list(values.variants), tuningOnly: values.tuning };
  process.stdout.write(`${(await evaluateSorFamilies(selection)).join('\n')}\n`);
}
