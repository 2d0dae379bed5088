import { z } from '@docsift/core';
import { normalizeUnit } from './text.js';

/** One row of an organization's cost table: the expected unit cost range of a kind of work. */
export const costTableRowSchema = z
  .object({
    /** A trade of the trade lexicon (docs/analysis.md), or null for any trade. */
    trade: z.string().min(1).nullable(),
    /** Words the item's description must hold, or null for any item of the trade. */
    keyword: z.string().min(1).nullable(),
    unit: z.string().min(1),
    low: z.number().finite().nonnegative(),
    high: z.number().finite().nonnegative(),
    /** Line of the CSV file the row came from (1 = the header), for messages. */
    line: z.number().int().positive().optional(),
  })
  .refine((row) => row.low <= row.high, { message: 'low must not exceed high' })
  .refine((row) => row.trade !== null || row.keyword !== null, { message: 'a row needs a trade, a keyword or both' });

export type CostTableRow = z.output<typeof costTableRowSchema>;

export interface CostTableProblem {
  /** 1-based line of the file. */
  line: number;
  message: string;
}

/** A cost table that cannot be read; `problems` lists every bad line (at most 20). */
export class CostTableError extends Error {
  readonly problems: CostTableProblem[];

  constructor(problems: CostTableProblem[]) {
    const listed = problems.map((problem) => `line ${problem.line}: ${problem.message}`).join('; ');
    super(`The cost table cannot be read: ${listed}`);
    this.name = 'CostTableError';
    this.problems = problems;
  }
}

export const COST_TABLE_COLUMNS = ['trade', 'keyword', 'unit', 'low', 'high'] as const;
const OPTIONAL_COLUMNS = ['note'];
const MAX_PROBLEMS = 20;

/** Splits CSV text into records of fields (RFC 4180: quoted fields, doubled quotes, CRLF or LF); each record with its first line. */
function records(text: string): { rows: Array<{ line: number; fields: string[] }>; problem: CostTableProblem | null } {
  const rows: Array<{ line: number; fields: string[] }> = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line += 1;
        field += char;
      }
    } else if (char === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      rows.push({ line: start, fields: [...fields, field] });
      fields = [];
      field = '';
      line += 1;
      start = line;
    } else field += char;
  }
  if (quoted) return { rows, problem: { line: start, message: 'a quoted field is not closed' } };
  if (field !== '' || fields.length > 0) rows.push({ line: start, fields: [...fields, field] });
  return { rows: rows.filter((row) => row.fields.some((value) => value.trim() !== '')), problem: null };
}

function amount(raw: string, column: string): number | string {
  const text = raw.trim().replace(/^\$/, '');
  if (!/^\d+(\.\d+)?$/.test(text)) return `${column} "${raw.trim()}" is not an amount (digits with an optional decimal point, e.g. 4.25)`;
  return Number(text);
}

function headerProblems(header: string[]): string[] {
  const problems: string[] = [];
  const missing = COST_TABLE_COLUMNS.filter((column) => !header.includes(column));
  if (missing.length > 0) problems.push(`the header lacks column(s) ${missing.join(', ')} (expected ${COST_TABLE_COLUMNS.join(',')})`);
  const unknown = header.filter((column) => !(COST_TABLE_COLUMNS as readonly string[]).includes(column) && !OPTIONAL_COLUMNS.includes(column));
  if (unknown.length > 0) problems.push(`unknown column(s) ${unknown.map((column) => `"${column}"`).join(', ')}`);
  const repeated = header.filter((column, index) => header.indexOf(column) !== index);
  if (repeated.length > 0) problems.push(`column(s) ${repeated.join(', ')} appear twice`);
  return problems;
}

function row(fields: string[], header: string[], line: number, knownTrades: ReadonlySet<string> | null): CostTableRow | string[] {
  if (fields.length !== header.length) return [`${fields.length} field(s), the header has ${header.length}`];
  const value = (column: string): string => fields[header.indexOf(column)].trim();
  const problems: string[] = [];
  const trade = value('trade') || null;
  const keyword = value('keyword') || null;
  const unit = value('unit');
  const low = amount(value('low'), 'low');
  const high = amount(value('high'), 'high');
  if (!trade && !keyword) problems.push('a row needs a trade, a keyword or both');
  if (trade && knownTrades && !knownTrades.has(trade)) problems.push(`unknown trade "${trade}" (known: ${[...knownTrades].join(', ')})`);
  if (!unit) problems.push('unit is empty');
  for (const parsed of [low, high]) if (typeof parsed === 'string') problems.push(parsed);
  if (typeof low === 'number' && typeof high === 'number' && low > high) problems.push(`low ${low} exceeds high ${high}`);
  if (problems.length > 0) return problems;
  return { trade, keyword, unit: normalizeUnit(unit), low: low as number, high: high as number, line };
}

/**
 * Reads a cost table from CSV (docs/analysis.md, "Cost table"): a header naming the columns
 * trade, keyword, unit, low, high (any order; `note` may be added), then one row per kind of work.
 * Throws CostTableError listing every bad line.
 */
export function parseCostTable(csv: string, options: { knownTrades?: Iterable<string> } = {}): CostTableRow[] {
  const { rows: parsed, problem } = records(csv.replace(/^\uFEFF/, ''));
  const problems: CostTableProblem[] = problem ? [problem] : [];
  const [first, ...body] = parsed;
  if (!first) throw new CostTableError([{ line: 1, message: `the file is empty; expected a header ${COST_TABLE_COLUMNS.join(',')}` }]);
  const header = first.fields.map((column) => column.trim().toLowerCase());
  problems.push(...headerProblems(header).map((message) => ({ line: first.line, message })));
  if (problems.length > 0) throw new CostTableError(problems);
  const knownTrades = options.knownTrades ? new Set(options.knownTrades) : null;
  const rows: CostTableRow[] = [];
  for (const record of body) {
    const result = row(record.fields, header, record.line, knownTrades);
    if (Array.isArray(result)) problems.push(...result.map((message) => ({ line: record.line, message })));
    else rows.push(result);
  }
  if (problems.length > 0) throw new CostTableError(problems.slice(0, MAX_PROBLEMS));
  return rows;
}
