import { cellsOf, foldText, joinWords, parseAmount, parsePercent, type LayoutRow as Row } from '@docsift/core/layout';

/** A total word around a section's name on its total row ("KITCHEN total", "Total: Kitchen", "Kitchen subtotal"). */
const TOTAL_WORD = /^(sub-?)?totals?:?$/i;

/**
 * Whether the row's words before its amount are the name of a section read, alone or with a total
 * word ("Kitchen total  $3,590.00") or its share of the budget ("I. General Requirements  4.3%  $4,212.00").
 */
export function namesReadSection(row: Row, names: ReadonlySet<string> | undefined): boolean {
  if (!names || names.size === 0) return false;
  const label = row.words.filter((word) => !parseAmount(word.text)?.moneyLike && parsePercent(word.text) === null);
  const named = label.filter((word) => !TOTAL_WORD.test(word.text));
  if (named.length === 0) return false;
  const folded = foldText(label.map((word) => word.text).join(' '));
  if (names.has(folded) || names.has(foldText(named.map((word) => word.text).join(' ')))) return true;
  // A recap box beside other text (the terms on the same line): its label is the last cell before the amount, a section's name alone.
  const beforeAmount = row.words.filter((word) => !parseAmount(word.text)?.moneyLike);
  const cell = cellsOf({ ...row, words: beforeAmount }).at(-1) ?? [];
  if (cell.length < beforeAmount.length && cell.every((word) => named.includes(word)) && names.has(foldText(joinWords(cell)))) return true;
  // OCR may read a section's number differently on each line ("1. General Requirements" for I.): numbered alike, the names say it.
  const title = titleAfterNumber(folded);
  if (title !== null && [...names].some((name) => titleAfterNumber(name) === title)) return true;
  return [...names].some((name) => summarisesSection(folded, name));
}

/**
 * A summary of the sections lists one by its title, after its letter or number and before the page it
 * starts on ("a general requirements 2" for "schedule a general requirements", "roofing" for "section 3 roofing").
 */
function summarisesSection(folded: string, name: string): boolean {
  const section = /^\p{L}+ (\p{L}|\d{1,3}) (.+)$/u.exec(name);
  const row = /^(?:(\p{L}|\d{1,3}) )?(.+?)(?: \d{1,3})?$/u.exec(folded);
  if (!section || !row) return false;
  return row[2] === section[2] && (row[1] === undefined || row[1] === section[1]);
}

/** A folded heading's title after its number (`i general requirements`, `3 roofing`); null when it starts with none. */
function titleAfterNumber(folded: string): string | null {
  const match = /^(\d{1,3}|[ivxl]{1,5}) (.+)$/.exec(folded);
  return match ? match[2] : null;
}
