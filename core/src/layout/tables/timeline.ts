import type { Word } from '../../contracts/document.js';
import { joinWords } from '../boxes.js';
import { monthNumber } from '../dates.js';
import { cellsOf, rowHeightsToX, type LayoutRow } from '../rows.js';
import type { TableColumn } from './model.js';

/**
 * A schedule's time scale printed beside a table's header (a Gantt chart's weeks: `10/7  10/14
 * 10/21 …`, `W1  W2  W3 …`, `Oct  Nov  Dec`) and the caption over it (`Week beginning`, `Schedule
 * (weeks)`). Its cells name periods, not columns of the items: the header is read without them.
 */

/** A short date without the year ("10/7", "07.10"), with it ("10/07/25"), or an ISO date. */
const SHORT_DATE = /^(\d{1,2}[/.-]\d{1,2}([/.-]\d{2,4})?|\d{4}-\d{2}-\d{2})$/;
/** A numbered period: "W1", "Wk 3", "Week 12", "KW 14", "Q2", "M4", "Month 2", "Day 5", "Sem. 3". */
const NUMBERED_PERIOD = /^(w|wk|week|kw|q|m|mo|month|day|sem|semaine|semana|woche|period|periode)\.?\s*\d{1,3}$/i;
/** A time scale has at least this many periods side by side. */
const MIN_PERIODS = 3;
/** A caption stands over the time scale, overhanging it by at most this much (in row heights). */
const CAPTION_OVERHANG = 1;

/** A cell naming one period of a time scale. */
function namesPeriod(words: Word[]): boolean {
  const text = words.map((word) => word.text).join(' ');
  if (SHORT_DATE.test(text) || NUMBERED_PERIOD.test(text)) return true;
  // "Oct", "Oct 7", "Jan '26".
  return words.length <= 2 && monthNumber(words[0].text) !== null && (words.length === 1 || /^'?\d{1,4}$/.test(words[1].text));
}

/** A caption over a time scale names its periods ("Week beginning", "Schedule (weeks)", "Monat"). */
const TIME_WORD = /^(weeks?|wks?|months?|schedule|timeline|calendar|gantt|semaines?|semanas?|wochen?|monate?|weken|maanden|settiman[ae]|mes(es)?|mois)$/i;
/** A period's label is short: "W12", "10/14", "Oct"; OCR may misread it ("ws" for W5, "1017" for 10/7). */
const MAX_PERIOD_CHARS = 5;
/** Periods of a scale are evenly spaced: each step is a whole number of pitches within this share of one. */
const PITCH_TOLERANCE = 0.2;

const middle = (words: Word[]): number => (words[0].bbox[0] + words[words.length - 1].bbox[2]) / 2;

/** A row's run of period cells and whether one of them names a period as printed; null where it ends in none. */
interface PeriodRun {
  cells: Word[][];
  named: boolean;
}

/** Each row's run, read once: a row is tried as part of a header many times over. */
const periodRuns = new WeakMap<LayoutRow, PeriodRun | null>();

/**
 * The run of short cells that ends a row, evenly spaced (a period OCR lost leaves a step of two),
 * three or more, of one shape. OCR misreads the labels of a scale in small type ("ws", "We" for W5, W6).
 */
function periodRunOf(row: LayoutRow): PeriodRun | null {
  if (periodRuns.has(row)) return periodRuns.get(row)!;
  const cells = cellsOf(row, 0.95);
  const short = (cell: Word[]): boolean => cell.length <= 2 && cell.map((word) => word.text).join('').length <= MAX_PERIOD_CHARS;
  let first = cells.length - 1;
  let run: PeriodRun | null = null;
  if (first >= 0 && short(cells[first])) {
    const steps: number[] = [];
    const even = (): boolean => {
      const unit = Math.min(...steps);
      return steps.every((step) => {
        const count = Math.round(step / unit);
        return count >= 1 && count <= 2 && Math.abs(step - count * unit) <= PITCH_TOLERANCE * unit;
      });
    };
    while (first > 0 && short(cells[first - 1])) {
      steps.push(middle(cells[first]) - middle(cells[first - 1]));
      if (!even()) break;
      first -= 1;
    }
    // The labels of a scale share their shape ("W1", "ws", "We"; "10/7", "1017"): a cell of another shape at its left end ("Tow!", OCR's "Total") is no period.
    const lead = (cell: Word[]): string => {
      const character = /[\p{L}\d]/u.exec(cell[0].text)?.[0] ?? '';
      return /\d/.test(character) ? '#' : character.toLowerCase();
    };
    const counts = new Map<string, number>();
    for (const cell of cells.slice(first)) counts.set(lead(cell), (counts.get(lead(cell)) ?? 0) + 1);
    const shape = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
    while (first < cells.length && lead(cells[first]) !== shape) first += 1;
    const scale = cells.slice(first);
    if (scale.length >= MIN_PERIODS) run = { cells: scale, named: scale.some(namesPeriod) };
  }
  periodRuns.set(row, run);
  return run;
}

/** The cells of a row's time scale: its run of periods, of which one names a period as printed or a caption over them names the periods. */
function scaleCells(row: LayoutRow, captions: (x0: number, x1: number) => Word[][]): Word[][] {
  const run = periodRunOf(row);
  if (!run) return [];
  if (run.named) return run.cells;
  const x0 = Math.min(...run.cells.flat().map((word) => word.bbox[0]));
  const x1 = Math.max(...run.cells.flat().map((word) => word.bbox[2]));
  const captioned = captions(x0, x1).some((cell) => cell.some((word) => TIME_WORD.test(word.text.replace(/[^\p{L}]/gu, ''))));
  return captioned ? run.cells : [];
}

/**
 * The words of the header rows that belong to a time scale: the period cells ending a row, and the
 * cells of the other rows printed within the scale's width (its caption, a row of months over weeks).
 */
export function timelineWords(rows: LayoutRow[]): Set<Word> {
  const words = new Set<Word>();
  for (const row of rows) {
    // The cells of the other rows printed within the scale's width, its overhang allowed.
    const captions = (x0: number, x1: number): Word[][] =>
      rows
        .filter((other) => other !== row)
        .flatMap((other) => cellsOf(other, 0.95))
        .filter((cell) => cell.every((word) => word.bbox[0] >= x0 - rowHeightsToX(row, CAPTION_OVERHANG) && word.bbox[2] <= x1 + rowHeightsToX(row, CAPTION_OVERHANG)));
    const scale = scaleCells(row, captions).flat();
    if (scale.length === 0) continue;
    scale.forEach((word) => words.add(word));
    captions(Math.min(...scale.map((word) => word.bbox[0])), Math.max(...scale.map((word) => word.bbox[2])))
      .flat()
      .forEach((word) => words.add(word));
  }
  return words;
}

/** The rows without the words of their time scale, for reading the header's columns. */
export function withoutTimeline(rows: LayoutRow[]): LayoutRow[] {
  const timeline = timelineWords(rows);
  if (timeline.size === 0) return rows;
  return rows.map((row) => {
    const words = row.words.filter((word) => !timeline.has(word));
    return { ...row, words, text: words.map((word) => word.text).join(' ') };
  });
}

/**
 * The header's columns with one for the time scale (no role): what the rows print under it (a bar OCR
 * read as letters) is kept there, apart from the amounts. `read` are the rows without the scale.
 */
export function withTimelineColumn(columns: TableColumn[], printed: LayoutRow[], read: LayoutRow[]): TableColumn[] {
  const words = printed.flatMap((row, index) => row.words.filter((word) => !read[index].words.includes(word)));
  if (words.length === 0) return columns;
  const x0 = Math.min(...words.map((word) => word.bbox[0]));
  const x1 = Math.max(...words.map((word) => word.bbox[2]));
  return [...columns, { role: null, alternatives: [], basis: null, x0, x1, words, label: joinWords(words) }];
}
