import { percentText } from '../layout.js';
import type { LineItem, SorDocument } from '../model.js';
import { Random } from '../random.js';

/** g20's draw: how far each line of the statement of repair has come by this application. */

/** The terms of the draw that decide its amounts. */
export interface DrawTerms {
  /** 1 for the first draw: nothing was completed before it. */
  application: number;
  /** Percent held back on each line's completed work. */
  retainageRate: number;
}

/** One grid row's progress; every amount in cents. */
export interface Progress {
  scheduled: number;
  previous: number;
  current: number;
  stored: number;
  /** Held on each line and summed down the column, as the form's spreadsheet does. */
  retainage: number;
}

const ZERO: Progress = { scheduled: 0, previous: 0, current: 0, stored: 0, retainage: 0 };

export const completedOf = (row: Progress): number => row.previous + row.current + row.stored;

function progress(scheduled: number, previous: number, current: number, stored: number, retainageRate: number): Progress {
  return { scheduled, previous, current, stored, retainage: Math.round(((previous + current + stored) * retainageRate) / 100) };
}

/** How far the work of one line has come by this draw: nothing, part or all of it, some of it earlier. */
function progressOf(random: Random, scheduled: number, materialShare: number, terms: DrawTerms): Progress {
  const previousShare = terms.application === 1 ? 0 : random.pick([0, 0, 0.25, 0.5, 1, 1]);
  const currentShare = Math.min(1 - previousShare, random.pick([0, 0, 0.25, 0.5, 0.75, 1]));
  const previous = Math.round(scheduled * previousShare);
  const current = Math.round(scheduled * currentShare);
  const open = scheduled - previous - current;
  const stored = open > 0 && materialShare > 0.4 && random.chance(0.2) ? Math.min(open, Math.round(scheduled * materialShare * 0.5)) : 0;
  return progress(scheduled, previous, current, stored, terms.retainageRate);
}

export const addProgress = (rows: Progress[]): Progress =>
  rows.reduce(
    (sum, row) => ({
      scheduled: sum.scheduled + row.scheduled,
      previous: sum.previous + row.previous,
      current: sum.current + row.current,
      stored: sum.stored + row.stored,
      retainage: sum.retainage + row.retainage,
    }),
    ZERO,
  );

export interface Draw {
  items: Progress[][];
  markups: Array<{ label: string; progress: Progress }>;
}

export function drawOf(document: SorDocument, terms: DrawTerms): Draw {
  const random = new Random(document.seed).child('progress');
  const share = (item: LineItem) => (item.total === 0 ? 0 : item.material / item.total);
  const items = document.sections.map((section) => section.items.map((item) => progressOf(random, item.total, share(item), terms)));
  const { recap } = document;
  const lines: Array<[string, number]> = [
    ...(recap.generalConditions ? [[`General Conditions (${percentText(recap.generalConditions.rate)})`, recap.generalConditions.amount] as [string, number]] : []),
    ...(recap.overhead
      ? recap.profit
        ? [[`Overhead (${percentText(recap.overhead.rate)})`, recap.overhead.amount] as [string, number], [`Profit (${percentText(recap.profit.rate)})`, recap.profit.amount] as [string, number]]
        : [[`Contractor Overhead & Profit (${percentText(recap.overhead.rate)})`, recap.overhead.amount] as [string, number]]
      : []),
    ...recap.before.map((line): [string, number] => [line.label, line.amount]),
  ];
  // Markups are drawn down in step with the work done.
  const direct = addProgress(items.flat());
  const done = direct.scheduled === 0 ? 0 : (direct.previous + direct.current) / direct.scheduled;
  const before = direct.scheduled === 0 ? 0 : direct.previous / direct.scheduled;
  const markups = lines.map(([label, amount]) => {
    const previous = Math.round(amount * before);
    return { label, progress: progress(amount, previous, Math.round(amount * done) - previous, 0, terms.retainageRate) };
  });
  return { items, markups };
}
