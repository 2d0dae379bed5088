import type { Word } from '../../contracts/document.js';
import { median } from '../boxes.js';
import { cents, parseAmount, parseQuantity, type NumberFormat } from '../numbers.js';
import { cellsOf, readByOcr, rowHeightsToX, type LayoutRow } from '../rows.js';
import { isKnownUnit, parseUnit } from '../units.js';
import { columnLabels } from './header.js';
import { ANNOTATION_ROLES, COST_ROLES, type ColumnRole, type TableColumn, type TableHeader } from './model.js';

/**
 * Columns of an itemised table whose header row is missing (OCR loses headers printed white on a
 * dark band, and many receipts print none): rows whose amounts add up are read by their
 * arithmetic. Two to four amounts followed by their sum are material | labor (| equipment | tax) |
 * amount; two amounts where a quantity before them times the first makes the second are unit
 * price | amount. A unit and a quantity before the amounts are taken when present.
 */

interface Sample {
  row: LayoutRow;
  roles: Partial<Record<ColumnRole, Word>>;
  /** The rate per unit printed before each part's extension, in part order ("277.00  831.00" for 3 EA). */
  rates?: Word[];
  first: Word;
  /** A quantity of 1 (or none) cannot tell material + labor = amount from unit price + tax = amount. */
  telling: boolean;
  /** A reading that yields to another explaining as many words. */
  weaker?: boolean;
}

const MIN_SAMPLES = 3;
/** Item numbers and codes printed before the descriptions: `1.1`, `4.`, `12`, `3)`, `C-2`, `017000-0010`. */
const ITEM_NUMBER = /^(\d{1,3}(\.\d{1,3})*[.:;)]?|[A-Z]{1,2}-?\d{1,3}|\d{2,6}-\d{1,6})$/;
const OUTLINE_NUMBER = /^\d{1,3}(\.\d{1,3})+\.?$/;

/**
 * Whether the rows' first words number the items: outline numbers (`1.1`) on half the rows, or
 * numbers and codes on half the rows that mostly go up (a description that starts with a quantity,
 * `50 gal water heater`, does not count up).
 */
function isNumbering(samples: Sample[]): boolean {
  const firsts = samples.map((sample) => sample.first.text).filter((text) => ITEM_NUMBER.test(text));
  if (firsts.length * 2 < samples.length) return false;
  if (firsts.filter((text) => OUTLINE_NUMBER.test(text)).length * 2 >= samples.length) return true;
  // Codes of one shape (`017000-0010`, `013000-0020`) number items in any order.
  const shapes = firsts.map((text) => text.replace(/\d/g, '9').replace(/[A-Z]/g, 'A'));
  if (shapes.every((shape) => shape === shapes[0]) && /[-A]/.test(shapes[0])) return true;
  const keys = firsts.map((text) => text.replace(/[^\dA-Z]/g, ''));
  const rising = keys.slice(1).filter((key, index) => key.localeCompare(keys[index], 'en', { numeric: true }) > 0).length;
  return rising >= (keys.length - 1) * 0.8;
}

/** The row's amount words (money or decimal numbers), in order; other words ("-", "0%", text) between them are skipped. */
function amountWords(words: Word[], format: NumberFormat): Array<{ word: Word; index: number; value: number }> {
  return words.flatMap((word, index) => {
    const amount = parseAmount(word.text, format);
    return amount && (amount.moneyLike || /\d[.,]\d/.test(word.text)) ? [{ word, index, value: amount.value }] : [];
  });
}

/**
 * The quantity (and unit) printed before the word at `index`: right before the values, or, where the
 * values start with a rate the quantity extends to the line's `total` ("448 SF 13.91 842.24 5,389.44
 * 6,231.68"), before that rate, which is then the unit price.
 */
function withQuantityAndUnit(words: Word[], index: number, roles: Sample['roles'], format: NumberFormat, total?: number): Word | null {
  if (total !== undefined && index > 1 && /\d[.,]\d/.test(words[index].text)) {
    const rate = parseAmount(words[index].text, format)?.value;
    const rated: Sample['roles'] = {};
    const quantityWord = rate ? withQuantityAndUnit(words, index - 1, rated, format) : null;
    const quantity = quantityWord ? parseQuantity(quantityWord.text, format)?.value : undefined;
    if (rate && quantity && rated.unit && cents(quantity * rate) === cents(total)) {
      Object.assign(roles, rated, { unitPrice: words[index] });
      return quantityWord;
    }
  }
  let position = index;
  if (position > 0 && parseUnit(words[position].text)) roles.unit = words[position--];
  if (position > 0 && parseQuantity(words[position].text, format)) {
    roles.quantity = words[position];
    return words[position];
  }
  return null;
}

/** A unit code a quantity may print before a description: a known unit, or a short code in capitals. */
const isUnitCode = (text: string): boolean => parseUnit(text) !== null && (isKnownUnit(text) || /^[A-Z]{1,4}$/.test(text));

/**
 * A quantity and unit printed before the description ("A-1  1  EA  Remove oil tank …"): as the
 * row's first words, or right after a first word shaped like an item number; the words after them
 * start with a letter and end before the values at `valuesIndex`.
 */
function leadingQuantityAndUnit(words: Word[], valuesIndex: number, format: NumberFormat): { quantity: Word; unit: Word } | null {
  for (const start of ITEM_NUMBER.test(words[0].text) ? [1, 0] : [0]) {
    const [quantityWord, unitWord, next] = [words[start], words[start + 1], words[start + 2]];
    if (start + 2 >= valuesIndex || !/^\p{L}/u.test(next.text) || !isUnitCode(unitWord.text)) continue;
    const quantity = parseQuantity(quantityWord.text, format);
    if (quantity && quantity.value > 0 && /^\d/.test(quantityWord.text)) return { quantity: quantityWord, unit: unitWord };
  }
  return null;
}

/** Cost parts in the order statements print them: material, labor, equipment, tax. */
const PART_ROLES: ColumnRole[] = ['material', 'labor', 'equipment', 'taxAmount'];

/**
 * How a row's amounts add up: two to four amounts in a row followed by their sum are the cost
 * parts and the line total (other amounts after them, a draw schedule's balance, are left alone),
 * also when the parts are per unit (quantity × their sum); a quantity before two amounts whose
 * product is the second is quantity × unit price, with tax between them where the third is the
 * sum. Of several readings the one that explains the most words of the row is taken, the parts'
 * reading first on a tie.
 */
function sampleOf(row: LayoutRow, format: NumberFormat): Sample | null {
  const words = row.words;
  if (words.length < 3) return null;
  const found = amountWords(words, format);
  const readings: Sample[] = [];
  for (let start = 0; start < found.length; start += 1) {
    for (let parts = PART_ROLES.length; parts >= 2; parts -= 1) {
      const total = found[start + parts];
      if (!total || total.value === 0 || found[start].index === 0) continue;
      const sum = found.slice(start, start + parts).reduce((acc, part) => acc + part.value, 0);
      const roles: Sample['roles'] = { amount: total.word };
      found.slice(start, start + parts).forEach((part, position) => (roles[PART_ROLES[position]] = part.word));
      let quantityWord = withQuantityAndUnit(words, found[start].index - 1, roles, format, total.value);
      const leading = quantityWord ? null : leadingQuantityAndUnit(words, found[start].index, format);
      if (leading) [roles.quantity, roles.unit, quantityWord] = [leading.quantity, leading.unit, leading.quantity];
      const quantity = quantityWord ? (parseQuantity(quantityWord.text, format)?.value ?? 1) : 1;
      if (cents(sum) === cents(total.value)) readings.push({ row, roles, first: words[0], telling: quantity !== 1 });
      // Parts per unit read the row as well as unit price (+ tax) when a part is 0: those come first.
      else if (cents(sum * quantity) === cents(total.value)) readings.push({ row, roles, first: words[0], telling: quantity !== 1, weaker: true });
    }
  }
  for (let position = 0; position + 1 < found.length; position += 1) {
    const [price, amount] = [found[position], found[position + 1]];
    if (price.index === 0) continue;
    const roles: Sample['roles'] = { unitPrice: price.word, amount: amount.word };
    const quantityWord = withQuantityAndUnit(words, price.index - 1, roles, format);
    const quantity = quantityWord ? parseQuantity(quantityWord.text, format)?.value : undefined;
    if (quantity === undefined || quantity <= 0 || price.value <= 0) continue;
    if (amount.value !== 0 && cents(quantity * price.value) === cents(amount.value)) readings.push({ row, roles, first: words[0], telling: quantity !== 1 });
    const taxed = found[position + 2];
    if (taxed && cents(quantity * price.value + amount.value) === cents(taxed.value)) {
      readings.push({ row, roles: { ...roles, taxAmount: amount.word, amount: taxed.word }, first: words[0], telling: quantity !== 1 });
    }
  }
  readings.push(...ratedPartReadings(row, found, format));
  const explained = (sample: Sample): number => Object.keys(sample.roles).length + (sample.rates?.length ?? 0) - (sample.weaker ? 0.5 : 0);
  return readings.reduce<Sample | null>((best, reading) => (!best || explained(reading) > explained(best) ? reading : best), null) ?? countedSample(row, format);
}

/** Parts that may be printed as a rate and its extension (tax is never per unit). */
const RATED_PARTS = PART_ROLES.filter((role) => role !== 'taxAmount');

/**
 * Each part printed as its rate and its extension, then the line total ("3  EA  277.00  831.00
 * 112.00  336.00  1,167.00"): the quantity times each rate makes its extension, and the extensions
 * add up to the total.
 */
function ratedPartReadings(row: LayoutRow, found: Array<{ word: Word; index: number; value: number }>, format: NumberFormat): Sample[] {
  const readings: Sample[] = [];
  for (let start = 0; start < found.length; start += 1) {
    if (found[start].index === 0) continue;
    for (let parts = RATED_PARTS.length; parts >= 2; parts -= 1) {
      const total = found[start + 2 * parts];
      if (!total || total.value === 0) continue;
      const roles: Sample['roles'] = { amount: total.word };
      const quantityWord = withQuantityAndUnit(row.words, found[start].index - 1, roles, format);
      const quantity = quantityWord ? parseQuantity(quantityWord.text, format)?.value : undefined;
      const pairs = Array.from({ length: parts }, (_, part) => [found[start + 2 * part], found[start + 2 * part + 1]]);
      if (!quantity || pairs.some(([rate, extension]) => cents(quantity * rate.value) !== cents(extension.value))) continue;
      if (cents(pairs.reduce((sum, [, extension]) => sum + extension.value, 0)) !== cents(total.value)) continue;
      pairs.forEach(([, extension], part) => (roles[RATED_PARTS[part]] = extension.word));
      readings.push({ row, roles, rates: pairs.map(([rate]) => rate.word), first: row.words[0], telling: quantity !== 1 });
    }
  }
  return readings;
}

/**
 * No arithmetic to go by: a quantity followed by a known unit code ("29 SQ", "1.00 EA") after the
 * description, and one money amount closing the row, are quantity | unit | amount.
 */
function countedSample(row: LayoutRow, format: NumberFormat): Sample | null {
  const words = row.words;
  const last = words[words.length - 1];
  if (!parseAmount(last.text, format)?.moneyLike) return null;
  for (let index = 1; index + 2 < words.length; index += 1) {
    if (!isKnownUnit(words[index + 1].text) || !/\p{L}/u.test(words[index - 1].text)) continue;
    const quantity = parseQuantity(words[index].text, format);
    if (!quantity || quantity.value <= 0) continue;
    const between = words.slice(index + 2, -1);
    if (between.some((word) => parseAmount(word.text, format) === null && !/^[$€£]$/.test(word.text))) return null;
    return { row, roles: { quantity: words[index], unit: words[index + 1], amount: last }, first: words[0], telling: true };
  }
  return null;
}

function columnOf(role: ColumnRole, words: Word[], label = ''): TableColumn {
  return { role, alternatives: [], basis: null, x0: median(words.map((word) => word.bbox[0])), x1: median(words.map((word) => word.bbox[2])), words: [], label };
}

/** The inferred header and the index of the first row that fits it; null when too few rows add up. */
export function inferHeader(rows: LayoutRow[], format: NumberFormat): { header: TableHeader; firstIndex: number } | null {
  const samples = rows.filter((row) => !row.furniture).flatMap((row) => sampleOf(row, format) ?? []);
  if (samples.length < MIN_SAMPLES) return null;
  // Rows that add up decide the kind of table; rows that only print a quantity, a unit and an amount do where none add up.
  const kindOf = (sample: Sample): 'material' | 'unitPrice' | 'counted' => (sample.roles.material ? 'material' : sample.roles.unitPrice ? 'unitPrice' : 'counted');
  const telling = samples.filter((sample) => sample.telling);
  const deciding = telling.length >= MIN_SAMPLES ? telling : samples;
  const count = (kind: string): number => deciding.filter((sample) => kindOf(sample) === kind).length;
  const kind = count('material') >= count('unitPrice') && count('material') >= MIN_SAMPLES ? 'material' : count('unitPrice') >= MIN_SAMPLES ? 'unitPrice' : 'counted';
  const fitting = samples.filter((sample) => kindOf(sample) === kind);
  if (fitting.length < MIN_SAMPLES) return null;
  const columns: TableColumn[] = [];
  const roles: ColumnRole[] =
    kind === 'material' ? ['quantity', 'unit', 'unitPrice', ...PART_ROLES, 'amount'] : kind === 'unitPrice' ? ['quantity', 'unit', 'unitPrice', 'taxAmount', 'amount'] : ['quantity', 'unit', 'amount'];
  for (const role of roles) {
    const words = fitting.flatMap((sample) => sample.roles[role] ?? []);
    if (words.length * 3 >= fitting.length) columns.push(columnOf(role, words));
  }
  columns.push(...rateColumns(fitting, columns));
  const numbering = isNumbering(fitting);
  const numbered = numbering ? fitting.filter((sample) => ITEM_NUMBER.test(sample.first.text)) : [];
  if (numbered.length > 0) columns.push(columnOf('itemNumber', numbered.map((sample) => sample.first)));
  const textCells = fitting.map((sample) => leadingTextCells(sample, numbering));
  const trade = tradeColumn(textCells, fitting.map((sample) => sample.row));
  if (trade) columns.push(trade);
  const descriptionStarts = textCells.map((cells) => (trade && cells.length > 1 ? cells[1][0] : cells[0]?.[0])).filter((word): word is Word => word !== undefined);
  const description = columnOf('description', descriptionStarts);
  columns.push({ ...description, x1: description.x0 });
  columns.sort((a, b) => a.x0 - b.x0);
  // A row with a quantity of 1 reads either way: the table may start there.
  const first = samples.find((sample) => kindOf(sample) === kind || !sample.telling)!.row;
  orderPartsByLabels(columns, rows, first);
  return { header: { rows: [first], columns, inferred: true }, firstIndex: first.index };
}

/**
 * The rate columns of parts printed as a rate and an extension: no role of their own (the part's is
 * the extension's, whose basis they make extended), the part as their alternative.
 */
function rateColumns(fitting: Sample[], columns: TableColumn[]): TableColumn[] {
  return RATED_PARTS.flatMap((part, index) => {
    const words = fitting.flatMap((sample) => sample.rates?.[index] ?? []);
    const extension = columns.find((column) => column.role === part);
    if (!extension || words.length * 3 < fitting.length) return [];
    extension.basis = 'extended';
    return [{ ...columnOf(part, words), role: null, alternatives: [part], basis: 'unit' as const }];
  });
}

/** The text cells of a sample row before its values (after its item number); a currency sign set apart is none. */
function leadingTextCells(sample: Sample, numbering: boolean): Word[][] {
  const values = [...Object.values(sample.roles), ...(sample.rates ?? [])];
  const text = sample.row.words.findIndex((word, index) => index > 0 && !values.includes(word) && /^\p{L}/u.test(word.text));
  // A quantity and unit before the description come before the text, the other values after it.
  const before = values.filter((word) => sample.row.words.indexOf(word) < text);
  const textStart = Math.max(0, ...before.map((word) => word.bbox[2]));
  const valuesStart = Math.min(...values.filter((word) => !before.includes(word)).map((word) => word.bbox[0]));
  const skip = numbering && ITEM_NUMBER.test(sample.first.text) ? sample.first : null;
  return cellsOf(sample.row)
    .map((cell) => cell.filter((word) => word !== skip && word.bbox[0] >= textStart && word.bbox[2] <= valuesStart))
    .filter((cell) => cell.some((word) => /\p{L}/u.test(word.text)));
}

/** Share of the rows whose text must start a second cell at one place for a trade column. */
const TRADE_SHARE = 0.6;

/**
 * A trade or activity column before the descriptions (`Finishes: Install`, `Roofing, Siding &`):
 * on most rows the text is two cells, and the second starts at one place (within a row height).
 */
function tradeColumn(textCells: Word[][][], rows: LayoutRow[]): TableColumn | null {
  const split = textCells.flatMap((cells, index) => (cells.length >= 2 ? [{ cells, row: rows[index] }] : []));
  if (split.length < MIN_SAMPLES || split.length < textCells.length * TRADE_SHARE) return null;
  const starts = split.map(({ cells }) => cells[1][0].bbox[0]);
  const middle = median(starts);
  const aligned = split.filter(({ cells, row }) => Math.abs(cells[1][0].bbox[0] - middle) <= rowHeightsToX(row, 1));
  if (aligned.length < textCells.length * TRADE_SHARE) return null;
  const firsts = aligned.map(({ cells }) => cells[0]);
  return {
    role: 'scope',
    alternatives: [],
    basis: null,
    x0: median(firsts.map((cell) => cell[0].bbox[0])),
    x1: median(firsts.map((cell) => cell[cell.length - 1].bbox[2])),
    words: [],
    label: '',
  };
}

/** Rows above the first item where a header OCR garbled may still show some of its labels. */
const LABEL_ROWS_ABOVE = 8;
/** A row of labels, not prose that names labor and materials: short, and labels make much of it. */
const isLabelLine = (row: LayoutRow, matches: Array<{ start: number; end: number }>): boolean =>
  row.words.length <= 12 && matches.reduce((sum, match) => sum + match.end - match.start, 0) * 5 >= row.words.length * 2;

/**
 * Arithmetic cannot tell material from labor (or equipment, tax): which part comes first is taken
 * from the column labels OCR left readable in the rows just above the items (a header that lost
 * too many labels to be read as one: "Dxscrption  Labor  Mxterial  Amount"). A label over a part
 * column of another part role swaps the two parts' columns (their rate columns too).
 */
function orderPartsByLabels(columns: TableColumn[], rows: LayoutRow[], first: LayoutRow): void {
  // A part's rate column is the part's too: a label over it names its part.
  const partOf = (column: TableColumn): ColumnRole | null => column.role ?? (column.basis === 'unit' && column.alternatives.length === 1 ? column.alternatives[0] : null);
  const parts = columns.filter((column) => PART_ROLES.includes(partOf(column) as ColumnRole));
  if (parts.filter((column) => column.role !== null).length < 2) return;
  const setPart = (column: TableColumn, part: ColumnRole): void => {
    if (column.role === null) column.alternatives = [part];
    else column.role = part;
  };
  const center = (x0: number, x1: number): number => (x0 + x1) / 2;
  for (let index = first.index - 1; index >= Math.max(0, first.index - LABEL_ROWS_ABOVE); index -= 1) {
    const row = rows[index];
    if (row.page !== first.page) break;
    const matches = columnLabels().findAll(row);
    if (!isLabelLine(row, matches)) continue;
    for (const match of matches) {
      if (!PART_ROLES.includes(match.value)) continue;
      const words = row.words.slice(match.start, match.end);
      const middle = center(Math.min(...words.map((word) => word.bbox[0])), Math.max(...words.map((word) => word.bbox[2])));
      const [nearest, second] = [...parts].sort((a, b) => Math.abs(center(a.x0, a.x1) - middle) - Math.abs(center(b.x0, b.x1) - middle));
      const distance = (column: TableColumn): number => Math.abs(center(column.x0, column.x1) - middle);
      const other = partOf(nearest)!;
      if (distance(nearest) * 2 > distance(second) || other === match.value) continue;
      for (const column of parts) {
        const part = partOf(column);
        if (part === match.value) setPart(column, other);
        else if (part === other) setPart(column, match.value);
      }
    }
  }
}

const overlaps = (a: TableColumn, b: TableColumn): boolean => a.x0 <= b.x1 && b.x0 <= a.x1;

/**
 * Adds the columns of `extra` that the header lacks and that fit between its own (no role twice, no
 * overlap); a header cell whose words said nothing (OCR read "Qty" as "aty") takes the role found there.
 */
function withColumns(header: TableHeader, extra: TableColumn[]): TableHeader {
  let columns = header.columns;
  for (const column of extra) {
    if (columns.some((own) => own.role === column.role)) continue;
    const over = columns.filter((own) => overlaps(own, column));
    if (over.length === 0) columns = [...columns, column];
    else if (over.length === 1 && over[0].role === null) columns = columns.map((own) => (own === over[0] ? { ...own, role: column.role } : own));
  }
  return columns === header.columns ? header : { ...header, columns: columns.sort((a, b) => a.x0 - b.x0) };
}

/**
 * Columns a header row lost to OCR, taken from the inferred columns when they fit between its own:
 * quantity and unit, and the cost parts (see `lostParts`).
 */
export function withInferredColumns(header: TableHeader, inferred: TableHeader | null): TableHeader {
  if (!inferred) return header;
  const measures = inferred.columns.filter((column) => column.role === 'quantity' || column.role === 'unit');
  // A number and a unit read under an annotation's header ("15 days" under "Dur.") are that column's value, no quantity.
  if (measures.some((column) => header.columns.some((own) => own.role !== null && ANNOTATION_ROLES.has(own.role) && overlaps(own, column)))) return header;
  return withColumns(header, [...measures, ...lostParts(header, inferred)]);
}

/**
 * Material, labor and equipment columns of an OCR header that names none (OCR lost `Material` and
 * `Labor` on a shaded band): where the rows' arithmetic puts the line amount under the header's own
 * and the parts in a gap between its labels. A header with columns it does not name (`Apt. A | Apt. B`)
 * lets its cells say what those hold.
 */
function lostParts(header: TableHeader, inferred: TableHeader): TableColumn[] {
  const isPart = (column: TableColumn): boolean => column.role !== null && COST_ROLES.has(column.role);
  const read = readByOcr(header.rows);
  const amount = header.columns.find((column) => column.role === 'amount');
  const inferredAmount = inferred.columns.find((column) => column.role === 'amount');
  if (!read || !amount || !inferredAmount || !overlaps(amount, inferredAmount) || header.columns.some((column) => column.role === null || isPart(column))) return [];
  const parts = inferred.columns.filter(isPart);
  return parts.some((part) => header.columns.some((own) => overlaps(own, part))) ? [] : parts;
}
/**
 * A header read by OCR that lost some labels keeps the columns the previous header had there
 * (tables of one document share their columns); text-layer headers are taken as printed.
 */
export function withEarlierColumns(header: TableHeader, earlier: TableHeader): TableHeader {
  if (header.rows.every((row) => row.words.every((word) => word.source === 'text'))) return header;
  return withColumns(header, earlier.columns);
}
