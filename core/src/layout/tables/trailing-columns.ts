import { parseAmount, type NumberFormat } from '../numbers.js';
import { rowHeightsToX, type LayoutRow } from '../rows.js';
import { MONEY_ROLES, type TableHeader } from './model.js';

/** Rows under a header looked at for values right of its last column. */
const LOOK_AHEAD = 12;
/** How many of them must print such a value for it to be a column. */
const MIN_ROWS = 3;
/** Row heights between the last header column's right edge and a value of a column of its own. */
const MIN_GAP = 3;

/**
 * An amount column right of a printed header's last column, its label lost to OCR (`UNIT PRICE` read,
 * `AMOUNT` not): amounts printed beyond the last money column in row after row, beside one under it,
 * make a column of their own (unnamed: the cells decide its role), so the two amounts of a line are
 * not read as one cell.
 */
export function withTrailingAmountColumn(header: TableHeader, rows: LayoutRow[], start: number, format: NumberFormat): TableHeader {
  const last = header.columns.at(-1);
  if (header.inferred || !last || last.role === null || !MONEY_ROLES.has(last.role)) return header;
  const page = rows[start]?.page;
  const beyond = rows.slice(start, start + LOOK_AHEAD).filter((row) => row.page === page).flatMap((row) => {
    const amounts = row.words.filter((word) => parseAmount(word.text, format) !== null);
    const under = amounts.some((word) => word.bbox[2] > last.x0 && word.bbox[0] < last.x1 + rowHeightsToX(row, 1));
    const right = amounts.filter((word) => word.bbox[0] > last.x1 + rowHeightsToX(row, MIN_GAP));
    return under && right.length === 1 ? right : [];
  });
  if (beyond.length < MIN_ROWS) return header;
  const x0 = Math.min(...beyond.map((word) => word.bbox[0]));
  const x1 = Math.max(...beyond.map((word) => word.bbox[2]));
  return { ...header, columns: [...header.columns, { role: null, alternatives: [], basis: null, x0, x1, words: [], label: '' }] };
}
