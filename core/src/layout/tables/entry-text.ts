import type { Word } from '../../contracts/document.js';
import { isTextColumn, type TableColumn, type TableEntry } from './model.js';
import { ITEM_START } from './scan-state.js';
import { textWords, type SplitLine } from './split.js';

/** The text lines of a table's entries: wrapped and leading lines joined to an item, bullet lines under it left out. */

/** A bullet opening a line (OCR reads "•" as `¢`, `©` or `«`), on its own or glued to the first word. */
const BULLET = /^([•●▪◦‣∙■►]|[¢©«]$)/u;

/**
 * Leaves out of an item's description the bullet lines printed under its first line ("Sister rotted
 * joists" over "• Verify framing is plumb" over "• Fasteners and adhesive  7  EA  1,099.00"): they
 * list what the item includes, and the description is the text above them. A description whose
 * every line is a bullet keeps them all.
 */
function dropBulletLines(item: TableEntry): void {
  const index = item.columns.findIndex((column) => column.role === 'description');
  if (index < 0) return;
  const words = item.cells[index];
  const rows = [...item.rows].sort((a, b) => a.page - b.page || a.top - b.top);
  const lines = rows.map((row) => words.filter((word) => row.words.includes(word))).filter((line) => line.length > 0);
  const first = lines.findIndex((line) => BULLET.test(firstWord(line).text));
  if (first <= 0) return;
  const kept = new Set(lines.slice(0, first).flat());
  item.cells[index] = words.filter((word) => kept.has(word));
}

const firstWord = (line: Word[]): Word => line.reduce((left, word) => (word.bbox[0] < left.bbox[0] ? word : left));

/**
 * Adds wrapped or leading text lines to an entry (at the front for lines printed above its values):
 * their words join the description ("4 in. with vapor barrier" is no item number), or each text
 * column where the table has no description column.
 */
export function addText(target: TableEntry, lines: SplitLine[], front: boolean): void {
  const description = target.columns.findIndex((column) => column.role === 'description');
  for (const line of front ? [...lines].reverse() : lines) {
    // The number in the item-number column of an item's first line printed above its values is its number, no part of its
    // description, where the values line prints none ("50 gal gas water heater" over "6.  … 1,885.00": 50 is the description's).
    const number = front && line === lines[0] && !hasItemNumber(target) ? itemNumberOf(line, target.columns) : [];
    target.columns.forEach((column, index) => {
      if (column.role === 'itemNumber' && number.length > 0) target.cells[index] = [...number, ...target.cells[index]];
      if (!isTextColumn(column) || (description >= 0 && column.role === 'itemNumber')) return;
      const words =
        description >= 0 && index === description ? textWords(line, target.columns).filter((word) => !inScope(line, target.columns, word) && !number.includes(word)) : (line.cells[index] ?? []);
      target.cells[index] = front ? [...words, ...target.cells[index]] : [...target.cells[index], ...words];
    });
    target.rows = front ? [line.row, ...target.rows] : [...target.rows, line.row];
  }
  dropBulletLines(target);
}

function hasItemNumber(entry: TableEntry): boolean {
  const index = entry.columns.findIndex((column) => column.role === 'itemNumber');
  return index >= 0 && entry.cells[index].length > 0;
}

/** The item number alone in its column ("12", "3.1") with the description beside it. */
function itemNumberOf(line: SplitLine, columns: TableColumn[]): Word[] {
  const index = columns.findIndex((column) => column.role === 'itemNumber');
  const cell = index >= 0 ? line.cells[index] : [];
  const rest = textWords(line, columns).filter((word) => !cell.includes(word));
  return cell.length === 1 && ITEM_START.test(cell[0].text) && rest.length > 0 ? cell : [];
}

function inScope(line: SplitLine, columns: TableColumn[], word: Word): boolean {
  const scope = columns.findIndex((column) => column.role === 'scope');
  return scope >= 0 && line.cells[scope].includes(word);
}
