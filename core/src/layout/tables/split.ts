import type { Word } from '../../contracts/document.js';
import { centreX } from '../boxes.js';
import { isCreditMark, parseAmount, parsePercent, type NumberFormat } from '../numbers.js';
import { cellGap, gapBefore, inRowHeights, rowHeightsToX, startsCell, type LayoutRow } from '../rows.js';
import { foldWord } from '../text.js';
import { isKnownUnit, parseUnit, spelledUnitRuns } from '../units.js';
import { hasRoleIn, isAsideColumn, isTextColumn, WORDED_ROLES, writesQuantityAtPrice, type TableColumn } from './model.js';

/** A row cut into a table's columns. */
export interface SplitLine {
  row: LayoutRow;
  /** Words per column, same index as the columns. */
  cells: Word[][];
}

/** How far left of the description's label its words may start, in row heights (a label's box is no exact edge). */
const DESCRIPTION_EDGE = 0.5;
/** A gap of at most this many of the page's word spaces is a space inside a cell. */
const WORD_SPACES = 1.5;
/** How far left of its header a right-aligned number may start, in row heights. */
const VALUE_ZONE_LEAD = 1.9;
/** Cell text that stands for an amount not priced on the line, in the lexicon's languages. */
const NOT_PRICED = new Set(['incl', 'included', 'inkl', 'inklusive', 'incluido', 'incluidos', 'inclus', 'inclu', 'inbegrepen', 'na', 'n/a', 'nic', 'tbd', 'by', 'gratis', 'free', 'offert', 'offerte']);
/** Tax names printed in a tax column beside the rate ("TVA 20%", "MwSt A"). */
const TAX_WORDS = new Set(['vat', 'tva', 'mwst', 'ust', 'iva', 'btw', 'gst', 'hst', 'pst', 'qst', 'tax', 'taxe', 'igic']);
/** Tax or currency markers printed after an amount ("$12,000 +HST"). */
const isAmountSuffix = (text: string): boolean => /^\+[A-Za-z]{2,5}$/.test(text) || isCreditMark(text);
const hasLetters = (text: string): boolean => /\p{L}/u.test(text);

/** Words of the row that write a unit out together, in one cell ("lin. ft.", "lump sum"). */
function spelledUnitWords(row: LayoutRow): ReadonlySet<Word> {
  const runs = spelledUnitRuns(row.words).filter(([start, end]) => row.words.slice(start + 1, end).every((_, offset) => !startsCell(row, start + 1 + offset)));
  return new Set(runs.flatMap(([start, end]) => row.words.slice(start, end)));
}

/** Whether a word in the value zone belongs to the values (OCR garbage in an amount cell must not end the scan). */
function isValueWord(word: Word, columns: TableColumn[], format: NumberFormat, spelledUnit: ReadonlySet<Word> = new Set()): boolean {
  const text = word.text.trim();
  // Without letters: a number, a dash for zero (OCR reads some as "=", "~" or ":"), a currency sign, or
  // garbage standing under a value column; other punctuation ("/" ending a description line) is text.
  if (!hasLetters(text)) return /\d/.test(text) || /^([-–—=~:.,_]+|[$€£%*])$/.test(text) || columns.some((column) => intervalDistance(word, column) === 0);
  if (isAmountSuffix(text) || parseAmount(text, format) !== null || parsePercent(text, format) !== null) return true;
  if (asideColumnOver(word, columns)) return true;
  const folded = foldWord(text).replace(/\.$/, '');
  if (NOT_PRICED.has(folded)) return true;
  // "12 @ $45.00 per LF" under a "Quantity @ Unit Price" header: the word that joins the price to its unit.
  if (folded === 'per' && columns.some((column) => writesQuantityAtPrice(column) && intervalDistance(word, column) === 0)) return true;
  const roles = new Set(columns.map((column) => column.role));
  if ((roles.has('unit') || roles.has('quantity')) && (parseUnit(text) !== null || spelledUnit.has(word))) return true;
  return (roles.has('taxRate') || roles.has('taxAmount')) && TAX_WORDS.has(folded);
}

function intervalDistance(word: Word, column: TableColumn): number {
  return Math.max(0, word.bbox[0] - column.x1, column.x0 - word.bbox[2]);
}

/** The crew, performer, check-mark or other column without a value role standing right over a word, if any but a unit's. */
function asideColumnOver(word: Word, columns: TableColumn[]): TableColumn | undefined {
  const over = columns.filter((column) => intervalDistance(word, column) === 0);
  return over.some((column) => column.role === 'unit') ? undefined : over.find(isAsideColumn);
}

export function nearestColumn(word: Word, columns: TableColumn[]): TableColumn {
  const centre = centreX(word.bbox);
  return columns.reduce((best, column) => {
    const distance = intervalDistance(word, column);
    const bestDistance = intervalDistance(word, best);
    if (distance !== bestDistance) return distance < bestDistance ? column : best;
    return Math.abs(centre - (column.x0 + column.x1) / 2) < Math.abs(centre - (best.x0 + best.x1) / 2) ? column : best;
  });
}

/**
 * Where the row's last cell starts when it starts under a crew, note or mark column: a note runs on
 * past its header's right edge ("Match existing" under "Notes"). The row's length when it does not.
 */
function asideCellStart(row: LayoutRow, trailing: TableColumn[], format: NumberFormat): number {
  for (let index = row.words.length - 1; index >= 0; index -= 1) {
    const word = row.words[index];
    // Words right after an amount start a cell of their own, however close ("$1,349.00 Verify in field").
    const afterAmount = index > 0 && hasLetters(word.text) && parseAmount(row.words[index - 1].text, format) !== null;
    if (!startsCell(row, index) && !afterAmount) continue;
    const column = asideColumnOver(word, trailing);
    return column && hasLetters(word.text) && !trailing.some((other) => other.x0 > column.x0 && !isAsideColumn(other)) ? index : row.words.length;
  }
  return row.words.length;
}

/**
 * The words of cells that start under a worded column (a note, who does it, an amount in words) left of a value column, up to the next
 * cell: such a cell runs on past its header's right edge ("Five Hundred Thirty-Four and 00/100" under
 * "Unit Price in Words", then the figures).
 */
function asideCellWords(row: LayoutRow, trailing: TableColumn[]): ReadonlySet<Word> {
  const words = new Set<Word>();
  let inCell = false;
  row.words.forEach((word, index) => {
    if (startsCell(row, index)) {
      const column = asideColumnOver(word, trailing);
      inCell = column !== undefined && hasRoleIn(column, WORDED_ROLES) && hasLetters(word.text) && trailing.some((other) => other.x0 > column.x1 && !isAsideColumn(other));
    }
    if (inCell) words.add(word);
  });
  return words;
}

/** Value columns printed left of the description (Qty | Description | Unit Price | Amount) and right of it. */
function valueColumnsBySide(columns: TableColumn[]): { leading: TableColumn[]; trailing: TableColumn[] } {
  const description = columns.find((column) => column.role === 'description');
  const values = columns.filter((column) => !isTextColumn(column));
  const leads = (column: TableColumn): boolean => description !== undefined && column.x1 <= description.x0;
  return { leading: values.filter(leads), trailing: values.filter((column) => !leads(column)) };
}

/** The widest gap (in row heights, or 1.7 word spaces) OCR leaves inside a cell of text: it sets a word after a comma further off. */
const OCR_TEXT_GAP = 1.2;

/**
 * A description running on into the value zone (a line printed across the page's width, no value on
 * it): a word of letters only, set a word space after text (as OCR spaces words: in the same cell), is
 * text however it reads ("7/16 in. OSB", OCR's "be selected by owner"), not a unit or a garbled value.
 */
function runsOnAsText(row: LayoutRow, index: number): boolean {
  const [word, before] = [row.words[index], row.words[index - 1]];
  if (!hasLetters(word.text) || /\d/.test(word.text) || !hasLetters(before.text)) return false;
  return gapBefore(row, index) <= (word.source === 'ocr' ? cellGap(row, OCR_TEXT_GAP) : Math.min(WORD_SPACES * row.space, cellGap(row)));
}

/** A word of letters set a text layer's word space after a word of letters: the same cell's text. */
function runsOnAfterText(row: LayoutRow, before: Word, word: Word): boolean {
  if (word.source !== 'text' || !hasLetters(word.text) || /\d/.test(word.text) || !hasLetters(before.text)) return false;
  return inRowHeights(row, word.bbox[0] - before.bbox[2]) <= WORD_SPACES * row.space;
}

/**
 * Value words are taken from the right end of the row while they look like values and sit in the
 * value zone, and from the left end while they sit under a value column printed before the description.
 */
/** The word of a total's label ("Total", "Subtotal", "Totaal"). */
const TOTAL_LABEL_WORD = /^(sub-?)?(total|totaal|totale)s?:?$/i;

function takeValueWords(row: LayoutRow, columns: TableColumn[], format: NumberFormat): { values: Word[]; rest: Word[] } {
  const { leading, trailing } = valueColumnsBySide(columns);
  let cut = row.words.length;
  // A till prints a tax class after each amount ("0,89 B", "-0,25 A *").
  const isMark = (index: number): boolean => /^([A-Z]|\*)$/.test(row.words[index]?.text ?? '');
  let marks = cut;
  while (marks > 1 && isMark(marks - 1)) marks -= 1;
  if (marks < cut && marks > 0 && parseAmount(row.words[marks - 1].text, format) !== null) cut = marks;
  if (trailing.length > 0) {
    const zoneStart = Math.min(...trailing.map((column) => column.x0)) - rowHeightsToX(row, VALUE_ZONE_LEAD);
    const values = trailing.filter((column) => !isAsideColumn(column));
    const amountsStart = Math.min(...(values.length > 0 ? values : trailing).map((column) => column.x0)) - rowHeightsToX(row, VALUE_ZONE_LEAD);
    const aside = asideCellStart(row, trailing, format);
    const asideWords = asideCellWords(row, trailing);
    const spelledUnit = spelledUnitWords(row);
    while (cut > 0) {
      const word = row.words[cut - 1];
      if (cut > aside || asideWords.has(word)) {
        cut -= 1;
        continue;
      }
      if (centreX(word.bbox) < zoneStart) break;
      // OCR garbles units and quantities into letters; in the value zone they still belong to the values,
      // but a total's label set right against its amount is no garbled value ("Area total  $5,351.95").
      if ((word.source === 'text' || !hasLetters(word.text) || TOTAL_LABEL_WORD.test(word.text)) && !isValueWord(word, trailing, format, spelledUnit)) break;
      // Left of the amounts, an OCR word is a value only under a crew, performer or mark column ("dispose of | Contractor").
      if (centreX(word.bbox) < amountsStart && !isValueWord(word, trailing, format, spelledUnit)) break;
      cut -= 1;
    }
    let text = cut;
    while (text > 0 && text < row.words.length && runsOnAsText(row, text)) text += 1;
    // Only a line with no value at all runs on: "Acc No: 1532" keeps its number's label with the values.
    if (text === row.words.length && aside === row.words.length) cut = text;
  }
  // A currency sign set apart before the first amount ("$   4,929.00") is the amount's.
  while (cut > 0 && cut < row.words.length && /^[$€£]$/.test(row.words[cut - 1].text)) cut -= 1;
  const item = columns.find((column) => column.role === 'itemNumber');
  // An item number printed before the leading values ("2   14   LF   Base cabinets") stays text.
  const numbered = item !== undefined && leading.length > 0 && row.words.length > 0 && nearestColumn(row.words[0], [item, ...leading]) === item;
  const first = numbered ? 1 : 0;
  let lead = first;
  // Values before the description end where it starts: a number at its left edge opens it ("3-1/4 in. MDF baseboard").
  const descriptionStart = (columns.find((column) => column.role === 'description')?.x0 ?? Number.POSITIVE_INFINITY) - rowHeightsToX(row, DESCRIPTION_EDGE);
  const leadingEnd = Math.min(Math.max(...leading.map((column) => column.x1), Number.NEGATIVE_INFINITY) + rowHeightsToX(row, 1), descriptionStart);
  const spelledUnit = spelledUnitWords(row);
  while (lead < cut && leading.length > 0) {
    const word = row.words[lead];
    // OCR garbles a unit after its quantity ("23.  Le" for 23 LF); under the unit column it is still the unit.
    const garbledUnit =
      word.source === 'ocr' && lead > first && /^\p{L}{1,3}$/u.test(word.text) && !hasLetters(row.words[lead - 1].text) &&
      leading.some((column) => column.role === 'unit' && intervalDistance(word, column) === 0);
    if (word.bbox[0] > leadingEnd || !(garbledUnit || isValueWord(word, leading, format, spelledUnit))) break;
    // A unit-shaped word opening the row is a heading ("BATH"), unless it is a known unit, follows its quantity, or is a word of a unit written out ("lin. ft.").
    const unitWord = isKnownUnit(word.text) || spelledUnit.has(word);
    if (!garbledUnit && hasLetters(word.text) && parseAmount(word.text, format) === null && !unitWord && (lead === first || hasLetters(row.words[lead - 1].text))) break;
    if (item && nearestColumn(word, [item, ...leading]) === item) break;
    lead += 1;
  }
  // A leading value set a word space from the text after it opens the description ("3-1/4 in. MDF", "Hang, tape"
  // where a scan's skew sets them under the column before the description).
  while (lead > first && lead < cut && gapBefore(row, lead) <= Math.min(WORD_SPACES * row.space, cellGap(row))) lead -= 1;
  return { values: [...row.words.slice(first, lead), ...row.words.slice(cut)], rest: [...row.words.slice(0, first), ...row.words.slice(lead, cut)] };
}

const ITEM_NUMBER = /^(\d{1,3}(\.\d{1,3})*[a-z]?\.?|[A-Z]{1,3}[-.]?\d{1,4}(\.\d{1,3})?|[A-Z]\d{0,2}\.?|#\d+|\[[^\]]+\])$/;

/** A cost code of digit groups ("221000-0010", "09.91.23"): read as one word, it may overhang the description column. */
const CODE_NUMBER = /^\d{2,}([-.]\d{2,})+$/;

/** A check mark or cross ticking a box, also as OCR doubles it or sets a dot after it ("Xx", "X."). */
const MARK = /^[xX✓✔✗✘√•*]{1,2}[.,]?$/;

/**
 * A reference of letters and digits in one word, as photos, files and drawings are named ("IMG_4821",
 * "DSC-0012.jpg", "P12"): under a column no header word names, left of the description, it is that
 * column's cell, not the start of the description.
 */
const IDENTIFIER = /^(?=.*\p{L})(?=.*\d)[\p{L}\d]+([_\-./#][\p{L}\d]+)*$/u;

/** Text words go to the item-number, scope and description columns. */
function assignTextWords(words: Word[], columns: TableColumn[], row: LayoutRow, cells: Word[][]): void {
  const index = (role: string): number => columns.findIndex((column) => column.role === role);
  const [item, description] = [index('itemNumber'), index('description')];
  // A write-up may print two such columns before the description: a trade's code, then the room ("GR   Driveway").
  const scopes = columns.flatMap((column, at) => (column.role === 'scope' ? [at] : []));
  let scope = scopes[0] ?? -1;
  const descriptionColumn = columns[description];
  const tolerance = rowHeightsToX(row, 1.2);
  let sawDescription = false;
  let inItem = false;
  let inScope = false;
  // An item code of several words stops where the next text column (trade, description) starts.
  const nextTextColumn = item < 0 ? 0 : Math.min(...columns.filter((column, index) => index !== item && isTextColumn(column) && column.x0 > columns[item].x1).map((column) => column.x0), 1);
  // A crew or performer's name of several words ("Northside Painting & Drywall") runs on from under its header; a checklist's mark stands under its own.
  // Left of the description, only a mark ("X" under "H&S") or a reference ("IMG_4821" under "Photo") stands in such a column: other words there head or number the line.
  const annotations = columns.filter((column) => isAsideColumn(column) && (!descriptionColumn || column.x0 > descriptionColumn.x0));
  const markColumns = columns.filter((column) => isAsideColumn(column) && descriptionColumn !== undefined && column.x1 < descriptionColumn.x0);
  // A skewed scan sets a reference a little left of its header: it takes the nearest of the columns left of the description.
  const referenceColumn = (word: Word, startsCellHere: boolean): TableColumn | undefined => {
    if (!startsCellHere || markColumns.length === 0 || !IDENTIFIER.test(word.text) || !descriptionColumn || word.bbox[2] >= descriptionColumn.x0) return undefined;
    const nearest = nearestColumn(word, columns.filter((column) => column.x0 < descriptionColumn.x0 || column === descriptionColumn));
    return markColumns.includes(nearest) ? nearest : undefined;
  };
  let inAnnotation = -1;
  words.forEach((word, position) => {
    const spaced = position > 0 && inRowHeights(row, word.bbox[0] - words[position - 1].bbox[2]) > cellGap(row);
    const startsCellHere = position === 0 || spaced;
    if (inAnnotation >= 0 && !startsCellHere) {
      cells[inAnnotation].push(word);
      return;
    }
    // The first word at the column's left edge starts its cell (OCR may set it closer to the description than printed);
    // in the text layer, a word set a word space after text runs that text on, past the column's edge or not.
    const previousEnd = position > 0 ? words[position - 1].bbox[2] : 0;
    const runsOn = position > 0 && runsOnAfterText(row, words[position - 1], word);
    const under = (column: TableColumn): boolean => word.bbox[0] >= column.x0 - tolerance / 3 && word.bbox[0] <= column.x1 && (startsCellHere || (previousEnd <= column.x0 && !runsOn));
    const annotation = annotations.find(under) ?? (MARK.test(word.text) ? markColumns.find(under) : referenceColumn(word, startsCellHere));
    inAnnotation = annotation ? columns.indexOf(annotation) : -1;
    if (annotation) {
      cells[inAnnotation].push(word);
      return;
    }
    const leftOfDescription = !descriptionColumn || word.bbox[2] < descriptionColumn.x0;
    if (scopes.length > 1 && startsCellHere && leftOfDescription) {
      const under = columns.indexOf(nearestColumn(word, scopes.map((at) => columns[at])));
      if (under !== scope) [scope, inScope] = [under, false];
    }
    const itemLike = ITEM_NUMBER.test(word.text) || CODE_NUMBER.test(word.text) || (descriptionColumn !== undefined && (leftOfDescription || centreX(word.bbox) < descriptionColumn.x0));
    // An item code of several words ("Finishes: Install") fills its column up to where the descriptions start.
    const continues = inItem && !spaced && word.bbox[0] < nextTextColumn - tolerance;
    // The number opens the line, or follows a room or trade cell printed left of it ("KITCHEN   5   Replace …").
    const opensLine = position === 0 || (spaced && scope >= 0 && scopes.reduce((sum, at) => sum + cells[at].length, 0) === position);
    inItem = item >= 0 && (continues || (opensLine && itemLike && intervalDistance(word, columns[item]) <= tolerance));
    // A trade's cell runs from its first word to the next gap between cells ("General Requirements /").
    const scopeStart = !inScope && cells[scope]?.length === 0 && leftOfDescription && word.bbox[0] <= (columns[scope]?.x1 ?? 0) + tolerance;
    // A room's name wider than its column ends where the descriptions start, however close the first word of the description.
    const opensDescription = descriptionColumn !== undefined && previousEnd < descriptionColumn.x0 && word.bbox[0] >= descriptionColumn.x0 - rowHeightsToX(row, DESCRIPTION_EDGE);
    inScope = scope >= 0 && !inItem && !sawDescription && (scopeStart || (inScope && !spaced && !opensDescription) || (leftOfDescription && intervalDistance(word, columns[scope]) <= tolerance));
    if (inItem) {
      cells[item].push(word);
    } else if (inScope) {
      cells[scope].push(word);
    } else {
      sawDescription = true;
      cells[description >= 0 ? description : item >= 0 ? item : 0].push(word);
    }
  });
}

/** Cuts a row into the columns. */
export function splitRow(row: LayoutRow, columns: TableColumn[], format: NumberFormat): SplitLine {
  const cells: Word[][] = columns.map(() => []);
  const { values, rest } = takeValueWords(row, columns, format);
  const valueIndexes = columns.map((_, index) => index).filter((index) => !isTextColumn(columns[index]));
  const unitIndexes = valueIndexes.filter((index) => columns[index].role === 'unit');
  const numberIndexes = valueIndexes.filter((index) => columns[index].role !== 'unit');
  const item = columns.findIndex((column) => column.role === 'itemNumber');
  const spelledUnit = spelledUnitWords(row);
  const isUnitWord = (word: Word | undefined): boolean => word !== undefined && (parseUnit(word.text) !== null || spelledUnit.has(word));
  // With no quantity column, a number written with its unit in the unit column's cell ("12.5 squares", "1 each") is the measure's.
  const measured = (word: Word, next: Word | undefined): boolean =>
    unitIndexes.length > 0 && !columns.some((column) => column.role === 'quantity') && /\d/.test(word.text) && isUnitWord(next) &&
    !startsCell(row, row.words.indexOf(next!)) && nearestColumn(word, valueIndexes.map((index) => columns[index])).role === 'unit';
  // The column of a note, crew or mark cell being read: its words run on past the column's right edge ("Health & safety").
  let asideCell: TableColumn | undefined;
  let lastColumn = -1;
  values.forEach((word, position) => {
    // A credit's mark ("385.00 CR") is the amount's before it.
    if (isCreditMark(word.text) && lastColumn >= 0 && parseAmount(values[position - 1].text, format) !== null) {
      cells[lastColumn].push(word);
      return;
    }
    // A cost code printed after the amounts ("1,207.00   02-010") under its column is the line's code.
    if (item >= 0 && CODE_NUMBER.test(word.text) && nearestColumn(word, columns) === columns[item]) {
      cells[item].push(word);
      return;
    }
    const alphabetic = hasLetters(word.text) && parseAmount(word.text, format) === null;
    const previous = values[position - 1];
    // A number that is no amount runs a note on too ("and 00/100 Dollars").
    const runsOn = asideCell !== undefined && previous !== undefined && (!/\d/.test(word.text) || parseAmount(word.text, format) === null) && inRowHeights(row, word.bbox[0] - previous.bbox[2]) <= cellGap(row);
    const aside = (alphabetic ? asideColumnOver(word, valueIndexes.map((index) => columns[index])) : undefined) ?? (runsOn ? asideCell : undefined);
    asideCell = aside;
    if (aside) {
      cells[columns.indexOf(aside)].push(word);
      return;
    }
    const toUnit = unitIndexes.length > 0 && ((alphabetic && (isUnitWord(word) || word.source === 'ocr')) || measured(word, values[position + 1]));
    const pool = toUnit ? unitIndexes : alphabetic || numberIndexes.length === 0 ? valueIndexes : numberIndexes;
    lastColumn = columns.indexOf(nearestColumn(word, pool.map((index) => columns[index])));
    cells[lastColumn].push(word);
  });
  if (columns.some(isTextColumn)) assignTextWords(rest, columns, row, cells);
  else if (rest.length > 0) cells[0].push(...rest);
  return { row, cells };
}

/** The words of a split line in text columns (item number, scope, description), left to right. */
export function textWords(line: Pick<SplitLine, 'cells'>, columns: TableColumn[]): Word[] {
  return columns.flatMap((column, index) => (isTextColumn(column) ? line.cells[index] : [])).sort((a, b) => a.bbox[0] - b.bbox[0]);
}

/** The words of a split line in value columns. */
export function valueWords(line: SplitLine, columns: TableColumn[]): Word[] {
  return columns.flatMap((column, index) => (isTextColumn(column) ? [] : line.cells[index]));
}
