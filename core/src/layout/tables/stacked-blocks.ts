import type { Word } from '../../contracts/document.js';
import { joinWords, median } from '../boxes.js';
import { lookupColumnLabel } from '../lexicon/index.js';
import { cents, parseAmount, type NumberFormat } from '../numbers.js';
import { inRowHeights, rowGap, startsCell, type LayoutRow } from '../rows.js';
import { columnLabels } from './header.js';

/**
 * Blocks of amounts stacked one above the other at the right of an item's text, each after a small
 * label that names it as a column header would ("Material  221.00" / "Labor  183.00" / "Item total
 * 404.00"): one block per item, a part's role at most once, the line's amount last.
 */

export type StackedRole = 'material' | 'labor' | 'equipment' | 'amount';

export interface StackedAmount {
  row: LayoutRow;
  /** Null where OCR left the label unreadable (the block's order then names it). */
  role: StackedRole | null;
  label: Word[];
  /** The amount, with a minus sign set apart before it. */
  amount: Word[];
}

/** Where a document prints its stacked amounts, learned from the blocks whose labels read cleanly. */
export interface StackedLayout {
  labelLeft: number;
  amountRight: number;
  /** The distance (top to top) between the rows of a block. */
  pitch: number;
  /** The roles of a block in order, as most blocks print them. */
  sequence: StackedRole[];
}

/** A stacked amount's label is a short column name. */
const MAX_LABEL_WORDS = 3;
/** Rows of a block stand at most this far apart (row heights): labels set in small type stand further apart than wrapped lines. */
const STACK_GAP = 1.5;
/** Rows of one block follow each other at its pitch, within this factor; the next block starts further down. */
const STACK_PITCH = 1.25;
/** Blocks (items) a document must print before its amounts are read this way... */
const MIN_BLOCKS = 2;
/** ...their labels starting within this much (row heights) of one another... */
const ALIGNMENT = 1.5;
/** ...and their amounts ending within this much... */
const AMOUNT_ALIGNMENT = 0.8;
/** ...for most of them (OCR may shift a word). */
const ALIGNED_SHARE = 0.8;

export const isAmountWord = (text: string, format: NumberFormat): boolean => {
  const amount = parseAmount(text, format);
  return amount !== null && (amount.moneyLike || /\d[.,]\d\d\)?$/.test(text));
};

function roleOfTerms(ids: Set<string>): StackedRole | null {
  if (ids.has('material')) return 'material';
  if (ids.has('labor')) return 'labor';
  if (ids.has('equipment')) return 'equipment';
  return ids.has('amount') || ids.has('grossAmount') ? 'amount' : null;
}

/** The role the words from `start` to `end` name as a column label: exactly, or as OCR may misspell it ("Matenal"). */
function roleAt(row: LayoutRow, start: number, end: number): StackedRole | null {
  const exact = roleOfTerms(new Set(lookupColumnLabel(joinWords(row.words.slice(start, end))).map((term) => term.id)));
  if (exact || row.words[start].source !== 'ocr') return exact;
  return roleOfTerms(new Set(columnLabels().allAt(row, start).filter((match) => match.end === end).flatMap((match) => match.values)));
}

/** The index where a row's closing amount starts; -1 where it closes with none. */
function amountStartOf(row: LayoutRow, format: NumberFormat): number {
  const last = row.words.length - 1;
  if (last < 0 || !isAmountWord(row.words[last].text, format)) return -1;
  // A minus or currency sign set apart from its amount belongs to it.
  let start = last;
  while (start > 1 && last - start < 2 && /^([-–]|[$€£])$/.test(row.words[start - 1].text)) start -= 1;
  return start;
}

/** A row closing with an amount in a cell of its own; the short cell before it is its label where it names a role. */
function closingAmountOf(row: LayoutRow, format: NumberFormat): StackedAmount | null {
  const amountStart = amountStartOf(row, format);
  if (amountStart < 1 || !startsCell(row, amountStart)) return null;
  let start = amountStart - 1;
  while (start > 0 && !startsCell(row, start)) start -= 1;
  const role = amountStart - start <= MAX_LABEL_WORDS ? roleAt(row, start, amountStart) : null;
  return { row, role, label: role ? row.words.slice(start, amountStart) : [], amount: row.words.slice(amountStart) };
}

export const valueOf = (part: StackedAmount, format: NumberFormat): number => parseAmount(part.amount.map((word) => word.text).join(''), format)?.value ?? Number.NaN;

/** A run whose roles do not follow the usual order, cut by the labels it reads: where a role comes again, or after the line's amount. */
function byRoles(run: StackedAmount[]): StackedAmount[][] {
  const blocks: StackedAmount[][] = [];
  let block: StackedAmount[] = [];
  const close = (): void => {
    if (block.length >= 2 && block[block.length - 1].role === 'amount') blocks.push(block);
    block = [];
  };
  for (const part of run.filter((slot) => slot.role !== null)) {
    const previous = block[block.length - 1];
    if (previous && (previous.role === 'amount' || block.some((seen) => seen.role === part.role))) close();
    block.push(part);
  }
  close();
  return blocks;
}

const addsUp = (block: StackedAmount[], format: NumberFormat): boolean =>
  block.length >= 2 && cents(block.slice(0, -1).reduce((sum, part) => sum + valueOf(part, format), 0)) === cents(valueOf(block[block.length - 1], format));

/** The parts of a block, as amounts add up: the parts before it make the line's amount, the roles read agree with that. */
function isArithmeticBlock(block: StackedAmount[], format: NumberFormat): boolean {
  const last = block.length - 1;
  return addsUp(block, format) && block.some((part) => part.role !== null) && block.every((part, index) => part.role === null || (part.role === 'amount') === (index === last));
}

/** Block sizes tried, longest first: up to three parts and the line's amount. */
const BLOCK_SIZES = [4, 3, 2];

/** Blocks found by their arithmetic on rows closing with amounts close together, at least one label of each read. */
function arithmeticBlocks(rows: LayoutRow[], format: NumberFormat): StackedAmount[][] {
  const blocks: StackedAmount[][] = [];
  let run: StackedAmount[] = [];
  const close = (): void => {
    for (let start = 0; start < run.length; ) {
      const size = BLOCK_SIZES.find((count) => start + count <= run.length && isArithmeticBlock(run.slice(start, start + count), format));
      if (size) blocks.push(run.slice(start, start + size));
      start += size ?? 1;
    }
    run = [];
  };
  for (const row of rows) {
    if (row.furniture) continue;
    const part = closingAmountOf(row, format);
    const previous = run[run.length - 1];
    if (previous && (!part || part.row.page !== previous.row.page || rowGap(previous.row, part.row) > STACK_GAP)) close();
    if (part) run.push(part);
  }
  close();
  return blocks;
}

/** Roles by position in a block of `size`: the ones most blocks read there, else the parts in order and the line's amount last. */
function sequenceOf(blocks: StackedAmount[][], size: number): StackedRole[] {
  const parts: StackedRole[] = ['material', 'labor', 'equipment'];
  const sequence = Array.from({ length: size }, (_, position) => {
    const read = blocks.flatMap((block) => (block[position].role ? [block[position].role!] : []));
    return read.length > 0 ? read.reduce((best, role) => (read.filter((other) => other === role).length > read.filter((other) => other === best).length ? role : best)) : null;
  });
  return sequence.map((role, position) => role ?? (position === size - 1 ? 'amount' : parts.find((part) => !sequence.includes(part))!));
}

/** Where a document prints its blocks; null when too few are found, or their labels and amounts are not set one under the other. */
function layoutOf(blocks: StackedAmount[][]): StackedLayout | null {
  if (blocks.length < MIN_BLOCKS) return null;
  const parts = blocks.flat();
  const labelled = parts.filter((part) => part.label.length > 0);
  const labelLeft = median(labelled.map((part) => part.label[0].bbox[0]));
  const amountRight = median(parts.map((part) => part.amount[part.amount.length - 1].bbox[2]));
  const aligned = (part: StackedAmount): boolean =>
    Math.abs(inRowHeights(part.row, part.amount[part.amount.length - 1].bbox[2] - amountRight)) <= AMOUNT_ALIGNMENT &&
    (part.label.length === 0 || Math.abs(inRowHeights(part.row, part.label[0].bbox[0] - labelLeft)) <= ALIGNMENT);
  if (parts.filter(aligned).length < parts.length * ALIGNED_SHARE) return null;
  const sizes = blocks.map((block) => block.length);
  const size = sizes.reduce((best, count) => (sizes.filter((other) => other === count).length > sizes.filter((other) => other === best).length ? count : best));
  const pitch = median(blocks.flatMap((block) => block.slice(1).map((part, index) => part.row.top - block[index].row.top)));
  return { labelLeft, amountRight, pitch, sequence: sequenceOf(blocks.filter((block) => block.length === size), size) };
}

/**
 * A row closing with an amount under the layout's amounts: the cell before it, where it starts in the
 * label column, is its label and names its role; where that cell is text ending before the label
 * column, the row prints no label (OCR lost it). Text running on into the label column makes it no slot.
 */
function slotOf(row: LayoutRow, format: NumberFormat, layout: StackedLayout): StackedAmount | null {
  const amountStart = amountStartOf(row, format);
  const last = row.words[row.words.length - 1];
  if (amountStart < 0 || Math.abs(inRowHeights(row, last.bbox[2] - layout.amountRight)) > AMOUNT_ALIGNMENT) return null;
  let start = amountStart - 1;
  while (start > 0 && !startsCell(row, start)) start -= 1;
  const cell = row.words.slice(Math.max(start, 0), amountStart);
  if (cell.length === 0 || cell[cell.length - 1].bbox[2] < layout.labelLeft) return { row, role: null, label: [], amount: row.words.slice(amountStart) };
  // OCR may lose a label's first word ("total" for "Item total"): the cell starts in the label column, not before it.
  if (inRowHeights(row, layout.labelLeft - cell[0].bbox[0]) > ALIGNMENT) return null;
  return { row, role: roleAt(row, start, amountStart), label: cell, amount: row.words.slice(amountStart) };
}

/**
 * The blocks read again by the layout: rows closing with an amount under the others follow each
 * other at the blocks' pitch; a run as long as the usual block (or a few of them) takes its roles
 * from their order where its labels read agree with it (OCR may lose or garble a label), and must
 * read a label or add up; other runs go by the labels they read.
 */
function blocksByLayout(rows: LayoutRow[], format: NumberFormat, layout: StackedLayout): StackedAmount[][] {
  const runs: StackedAmount[][] = [];
  let run: StackedAmount[] = [];
  for (const row of rows) {
    if (row.furniture) continue;
    const slot = slotOf(row, format, layout);
    const previous = run[run.length - 1];
    if (previous && (!slot || slot.row.page !== previous.row.page || slot.row.top - previous.row.top > layout.pitch * STACK_PITCH)) {
      runs.push(run);
      run = [];
    }
    if (slot) run.push(slot);
  }
  if (run.length > 0) runs.push(run);
  const size = layout.sequence.length;
  return runs.flatMap((parts) => {
    const ordered = parts.map((part, index) => ({ ...part, role: layout.sequence[index % size] }));
    const agrees = parts.length % size === 0 && parts.every((part, index) => part.role === null || part.role === ordered[index].role);
    const blocks = agrees ? Array.from({ length: parts.length / size }, (_, index) => ordered.slice(index * size, (index + 1) * size)) : [];
    const sure = blocks.every((block, index) => addsUp(block, format) || parts.slice(index * size, (index + 1) * size).some((part) => part.role !== null));
    return agrees && sure ? blocks : byRoles(parts);
  });
}

/** The blocks of stacked amounts of a document, and where it prints them; null when it prints none this way. */
export function stackedBlocks(rows: LayoutRow[], format: NumberFormat): { blocks: StackedAmount[][]; layout: StackedLayout } | null {
  const layout = layoutOf(arithmeticBlocks(rows, format));
  return layout ? { blocks: blocksByLayout(rows, format, layout), layout } : null;
}
