import type { Word } from '@docsift/core';
import { readHeader, readHeaderAt, type TableHeader } from './header.js';
import { joinWords, type Row } from './layout.js';
import { parseAmount } from './parse.js';
import { isRecapRow } from './recap.js';
import { splitRow, type SplitRow } from './table-row.js';
import type { DraftSection, DraftTable } from './table.js';

/**
 * Estimates and bids price a scope with one amount: description text on the left (often wrapped
 * over several lines, with the amount on any of them), the amount at the right, sometimes a scope
 * name in its own column. Blank lines separate the scopes.
 */

/** Rows further apart than this (in row heights) belong to different blocks. */
const BLOCK_GAP = 0.9;
const TABLE_GAP = 3;
const AMOUNT_MIN_X = 0.55;
const HEADING_MAX_WORDS = 6;

function groupBlocks(splits: SplitRow[]): SplitRow[][] {
  const blocks: SplitRow[][] = [];
  splits.forEach((split, index) => {
    const previous = splits[index - 1]?.row;
    const row = split.row;
    const newBlock = !previous || previous.page !== row.page || row.top - previous.bottom > BLOCK_GAP * row.height;
    if (newBlock) blocks.push([split]);
    else blocks[blocks.length - 1].push(split);
  });
  return blocks;
}

function addBlock(block: SplitRow[], sections: DraftSection[], fallbackName: { name: string; words: Word[] }): void {
  const amountRows = block.map((split, index) => (split.total ? index : -1)).filter((index) => index >= 0);
  if (amountRows.length === 0) return;
  const scopeWords = block.flatMap((split) => split.scope);
  const name = scopeWords.length > 0 ? joinWords(scopeWords) : fallbackName.name;
  let section = sections[sections.length - 1];
  if (!section || section.name !== name) {
    section = { name, nameWords: scopeWords.length > 0 ? scopeWords : fallbackName.words, page: block[0].row.page, items: [], total: null };
    sections.push(section);
  }
  amountRows.forEach((rowIndex, order) => {
    const from = order === 0 ? 0 : rowIndex;
    const to = amountRows[order + 1] ?? block.length;
    const amountRow = block[rowIndex];
    section.items.push({
      page: amountRow.row.page,
      description: block.slice(from, to).flatMap((split) => split.description),
      quantity: null,
      unit: null,
      material: null,
      labor: null,
      total: amountRow.total,
    });
  });
}

/** Rows of the list: from `start` to the recap, a page break or a wide vertical gap. */
function listRows(rows: Row[], start: number, header: TableHeader): { splits: SplitRow[]; end: number } {
  const splits: SplitRow[] = [];
  let index = start;
  for (; index < rows.length; index += 1) {
    const row = rows[index];
    const previous = splits[splits.length - 1]?.row;
    if (readHeader(row)) continue;
    if (row.furniture) continue;
    if (isRecapRow(row)) break;
    if (previous && (previous.page !== row.page || row.top - previous.bottom > TABLE_GAP * row.height)) break;
    splits.push(splitRow(row, header));
  }
  return { splits, end: index };
}

/** A block of one short text line with no amount ("KITCHEN") names the blocks after it. */
function blockHeading(block: SplitRow[]): { name: string; words: Word[] } | null {
  if (block.length !== 1 || block[0].total) return null;
  const words = block[0].row.words;
  return words.length <= HEADING_MAX_WORDS && words.every((word) => parseAmount(word.text) === null) ? { name: joinWords(words), words } : null;
}

function readList(rows: Row[], start: number, header: TableHeader, heading: { name: string; words: Word[] }): DraftTable {
  const { splits, end } = listRows(rows, start, header);
  const sections: DraftSection[] = [];
  let current = heading;
  for (const block of groupBlocks(splits)) {
    current = blockHeading(block) ?? current;
    addBlock(block, sections, current);
  }
  return { sections, end };
}

/** A short text-only line just above `index` (no label) names the list or table ("Pricing Summary"). */
export function headingAbove(rows: Row[], index: number): { name: string; words: Word[] } {
  const above = rows[index - 1];
  const row = rows[index];
  const isHeading =
    above &&
    above.page === row.page &&
    row.top - above.bottom <= TABLE_GAP * row.height &&
    above.words.length <= HEADING_MAX_WORDS &&
    above.words.every((word) => parseAmount(word.text) === null && !/:$/.test(word.text));
  return isHeading ? { name: above.text, words: above.words } : { name: '', words: [] };
}

/** Reads a table whose header has a description (or scope) and one amount column. */
export function readAmountTable(rows: Row[], headerIndex: number): DraftTable {
  const { header, rowCount } = readHeaderAt(rows, headerIndex)!;
  return readList(rows, headerIndex + rowCount, header, headingAbove(rows, headerIndex));
}

/** The right-most money amount of a row with text to its left, or null. */
function amountOf(row: Row): Word | null {
  const words = row.words.filter((word) => !/^\+[A-Za-z]{2,5}$/.test(word.text));
  const last = words[words.length - 1];
  const amount = last ? parseAmount(last.text) : null;
  if (!amount?.moneyLike || last.bbox[2] < AMOUNT_MIN_X || words.length < 3) return null;
  const gap = last.bbox[0] - words[words.length - 2].bbox[2];
  return gap > 2 * row.height ? last : null;
}

/** Finds a list of priced lines with no header row (two or more amounts close together) and reads it. */
export function readAmountList(rows: Row[]): DraftTable {
  for (let index = 0; index < rows.length; index += 1) {
    const amount = amountOf(rows[index]);
    if (!amount || rows[index].furniture || isRecapRow(rows[index])) continue;
    const following = rows.slice(index + 1, index + 5);
    const recapAt = following.findIndex(isRecapRow);
    const before = recapAt < 0 ? following : following.slice(0, recapAt);
    if (!before.some((row) => row.page === rows[index].page && amountOf(row))) continue;
    const row = rows[index];
    const textLeft = Math.min(...row.words.map((word) => word.bbox[0]));
    const header: TableHeader = {
      row,
      columns: [
        { kind: 'description', x0: textLeft, x1: textLeft },
        { kind: 'total', x0: amount.bbox[0], x1: amount.bbox[2] },
      ],
    };
    return readList(rows, index, header, headingAbove(rows, index));
  }
  return { sections: [], end: 0 };
}
