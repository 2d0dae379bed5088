import type { Word } from '../../contracts/document.js';
import type { FieldConcept } from '../lexicon/index.js';
import { totalsItemsAbove } from './headings.js';
import { MONEY_ROLES, type TableColumn } from './model.js';
import { lineValues, namesASection, namesHeading, totalLabelOf, type TotalLabel } from './rows.js';
import { columnsOf, isItem, type ScanState, type TableReadOptions } from './scan-state.js';
import { textWords, valueWords, type SplitLine } from './split.js';

/** Rows of a table that carry a total label: a section's subtotal, or the totals that end the table. */

/** A row with values and a total label: a section's subtotal, or the end of the table (its totals block). */
export function readTotalRow(state: ScanState, line: SplitLine, upcoming: SplitLine[], options: TableReadOptions, total: TotalLabel): 'subtotal' | 'end' {
  const text = line.row.text;
  if (namesASection(text) || namesHeading(text, state.heading)) return 'subtotal';
  // The last section's total ("Room total  1,982.99") adds up the items under its heading only.
  const totalsSection = totalsItemsAbove(state, line, options);
  if (totalsSection && !totalsItemsAbove(state, line, options, 'table')) return 'subtotal';
  // The first section's total adds up every item so far too: it closes a section only where another section follows.
  const firstSectionTotal = totalsSection && state.entries.some((entry) => entry.kind === 'heading');
  // Only a subtotal, or a total that names what it totals ("Totals: Kitchen"), may stand between
  // items; a bare total, tax or amount due ends the table.
  const named = labelWords(line, columnsOf(state)).some((word) => !total.words.includes(word) && /\p{L}{2}/u.test(word.text));
  // "Phase total", "Trade Total": a label that can only mean a section's total names what it totals.
  const sectionOnly = total.concepts.every((concept) => concept === 'sectionTotal');
  const labelSaysSubtotal = total.concepts.includes('subtotal') || named || sectionOnly;
  if (!labelSaysSubtotal && !firstSectionTotal) return 'end';
  const columns = columnsOf(state);
  const valueCount = (next: SplitLine): number => {
    const values = lineValues(next, columns, options.format);
    return values.money + (values.quantity ? 1 : 0);
  };
  // Right after a section's own total, a subtotal totals the sections: items of another section follow
  // only under its heading; a priced line right under it is the recap's ("Referral discount (5%)  -$2,954.43").
  const totalsSections = state.entries.at(-1)?.kind === 'subtotal' && state.entries.some((entry) => entry.kind === 'heading');
  let headed = false;
  // Items follow a subtotal before any other total does ("TOTAL DIRECT COSTS", "General Conditions", "Builder's Risk  $1,028.92").
  for (const next of upcoming) {
    if (totalLabelOf(labelWords(next, columns), next.row) !== null) return 'end';
    // An item ahead prints as many values as the items so far did (a lone "Previous balance  $500" is no item).
    const values = valueCount(next);
    const itemLike = isItem(next, state, options) && values >= state.minItemValues && textWords(next, columns).length > 0;
    // A priced line of a single value there adjusts the total; a fuller line is an item added after the sections.
    if (itemLike) return (totalsSections && !headed && values < 2) || (!labelSaysSubtotal && !headed) ? 'end' : 'subtotal';
    if (textWords(next, columns).length > 0 && valueWords(next, columns).length === 0) headed = true;
  }
  return 'end';
}

/** Labels that may name a charge of its own ("Permit fees", "Building permit") as well as a recap line. */
const CHARGE_CONCEPTS: ReadonlySet<FieldConcept | 'summary'> = new Set(['permitsAndFees']);

/**
 * A charge's label right under the items ("Permit fees  $525.00"), with a line priced like the items
 * right under it ("Dumpster & haul-off  $1,200.00") before any total: the charge is one of the
 * table's lines, not the first line of its totals. Returns the total label the row keeps, or null.
 */
export function chargeAmongItems(state: ScanState, line: SplitLine, upcoming: () => SplitLine[], options: TableReadOptions, total: TotalLabel | null): TotalLabel | null {
  if (!total || !total.concepts.every((concept) => CHARGE_CONCEPTS.has(concept)) || state.entries.at(-1)?.kind !== 'item') return total;
  const columns = columnsOf(state);
  const valueCount = (candidate: SplitLine): number => {
    const values = lineValues(candidate, columns, options.format);
    return values.money + (values.quantity ? 1 : 0);
  };
  const next = upcoming()[0];
  if (!next || next.row.page !== line.row.page || totalLabelOf(labelWords(next, columns), next.row) !== null) return total;
  const pricedLikeItems = (candidate: SplitLine): boolean => isItem(candidate, state, options) && valueCount(candidate) >= state.minItemValues && textWords(candidate, columns).length > 0;
  return pricedLikeItems(line) && pricedLikeItems(next) ? null : total;
}

/**
 * A trade column's "General Requirements" beside a description is the line's trade, not a total's
 * label; so it is on a numbered line of a table whose trade column is its only text ("01  General
 * Requirements  Self-performed  5,000.46" under Div. | Trade | Subcontractor | Amount).
 */
export function tradeNamed(line: SplitLine, columns: TableColumn[], total: TotalLabel | null): TotalLabel | null {
  const scope = columns.findIndex((column) => column.role === 'scope');
  const description = columns.findIndex((column) => column.role === 'description');
  const item = columns.findIndex((column) => column.role === 'itemNumber');
  const described = description >= 0 ? line.cells[description].length > 0 : item >= 0 && line.cells[item].length > 0;
  if (!total || scope < 0 || !described) return total;
  return total.words.filter((word) => /\p{L}/u.test(word.text)).every((word) => line.cells[scope].includes(word)) ? null : total;
}

/** A subtotal's label: its words outside the money columns ("Subtotal 7.0 HVAC"). */
export function labelWords(line: SplitLine, columns: TableColumn[]): Word[] {
  return columns
    .flatMap((column, index) => (column.role !== null && MONEY_ROLES.has(column.role) ? [] : line.cells[index]))
    .sort((a, b) => a.bbox[0] - b.bbox[0]);
}
