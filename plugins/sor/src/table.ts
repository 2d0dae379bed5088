import type { Word } from '@docsift/core';
import {
  ANNOTATION_ROLES,
  hasRoleIn,
  COST_COMPONENT_ROLES,
  joinWords,
  MONEY_ROLES,
  namesHeading,
  parseAmount,
  readAmountCell,
  readQuantityBeforeUnit,
  readQuantityCell,
  readRomanNumeral,
  readUnitCell,
  spelledUnitCode,
  type AmountBasis,
  type CellValue,
  type ColumnRole,
  type CostComponentRole,
  type DocumentLayout,
  type NumberFormat,
  type Table,
  type TableColumn,
  type TableEntry,
} from '@docsift/core/layout';
import { cellsByRole, type Cells } from './entry-cells.js';
import { withoutEmptyCategories } from './no-work.js';
import { totalsOfSections, trailingUnnumbered } from './recap-start.js';
import { withoutGroupHeadings } from './outline.js';
import { headingAbove, MIN_TITLE_CONFIDENCE, untitledName, withoutContinuedMark } from './section-titles.js';

export interface DraftItem {
  page: number;
  description: Word[];
  quantity: CellValue<number> | null;
  unit: CellValue<string> | null;
  /** Price per unit, where the table prints one: a check on the quantity. */
  unitCost?: CellValue<number> | null;
  material: CellValue<number> | null;
  labor: CellValue<number> | null;
  equipment?: CellValue<number> | null;
  tax?: CellValue<number> | null;
  total: CellValue<number> | null;
  /** Cost parts printed on rows of their own with a rate and an amount each: a check on the quantity. */
  partRates?: Array<{ rate: CellValue<number>; amount: CellValue<number> }>;
  /** How the material and labor columns are printed: per unit (to be extended by the quantity) or extended. */
  basis?: AmountBasis | null;
  /** Values put right after they were read, with the rule that did it (for fieldDetails). */
  repairs?: Partial<Record<'quantity' | 'unitCost' | 'material' | 'labor' | 'equipment' | 'tax' | 'total', string>>;
}

export interface DraftSection {
  name: string;
  nameWords: Word[];
  page: number;
  items: DraftItem[];
  total: { page: number; material: CellValue<number> | null; labor: CellValue<number> | null; total: CellValue<number> | null } | null;
}

export interface DraftTable {
  sections: DraftSection[];
  /** Index of the first cost table's first row: a recap printed before the items (a cover page's summary) ends there. */
  start?: number;
  /** Index of the first row after the table (where the recap is looked for). */
  end: number;
  /** The columns in force at the table's end: a recap printed under them gives its amounts in them. */
  columns?: TableColumn[];
}

/** A heading's Roman numeral OCR misread ("Ill. Concrete", "Vill. Cabinets") as printed: "III. Concrete". */
function withRomanNumber(text: string): string {
  const number = /^(\S+)\.(?=\s+\p{Lu})/u.exec(text)?.[1];
  const numeral = number === undefined ? null : readRomanNumeral(number);
  return numeral === null ? text : `${numeral}${text.slice(number!.length)}`;
}

/** True when the row spells a section number and name ("3.0 Foundation & Masonry", "Section 3 - Roofing"). */
export function readSectionHeading(read: string): { number: string | null; name: string; continued: boolean } | null {
  const text = withRomanNumber(read.trim());
  const { cleaned, continued } = withoutContinuedMark(text);
  const match =
    /^(\d{1,2}\.0{1,2}|\d{1,2}\.(?=\s+[A-Z]))\s*[.:—–-]?\s+([A-Za-z&].*)$/.exec(cleaned) ??
    /^(?:section|division|div\.?)\s*(\d{1,2}(?:\.0{1,2})?)\s*[.:—–-]?\s+([A-Za-z&].*)$/i.exec(cleaned);
  if (!match || !/^[A-Za-z&][A-Za-z&,/()'\s-]*$/.test(match[2])) return { number: null, name: cleaned, continued };
  const number = /^\d+\.\d/.test(match[1]) ? match[1] : `${match[1].replace(/\.$/, '')}.0`;
  const printed = /^\d/.test(cleaned) ? `${match[1]} ${match[2].trim()}` : cleaned;
  return { number, name: printed, continued };
}

/** A heading's leading number in groups: "02 41 19 Selective Demolition" → ["02", "41", "19"], "Division 04: Masonry" → ["04"], "3.1 Roof" → ["3", "1"]. */
function outlineNumber(name: string): string[] {
  const match = /^(?:(?:section|division|div\.?|part|phase|category|chapter)\s*)?(\d{6}|\d{1,3}(?:[ .]\d{1,3})*)(?=\s*[^\d\s.])/i.exec(name.trim());
  if (!match) return [];
  // A CSI code printed without spaces ("015100") is three groups.
  return /^\d{6}$/.test(match[1]) ? match[1].match(/\d{2}/g)! : match[1].split(/[ .]/);
}

/**
 * A heading numbered one level deeper than the current section ("02 41 19 Selective Demolition" or
 * "31 22 00 Grading" under "32 – Exterior Improvements", "3.1 Flashing" under "3 Roofing") heads a
 * subsection: its items stay in the section. "02 00 00" after "01 00 00", or "3.0" after "2.0", is a
 * section of its own.
 */
function isSubsection(name: string, current: string): boolean {
  const [inner, outer] = [outlineNumber(name), outlineNumber(current)];
  return outer.length > 0 && inner.length > outer.length;
}

/** Tables that list priced work: a description (or scope) and an amount, material or labor column. */
function isCostTable(table: Table): boolean {
  if (table.summary) return false;
  const roles = new Set(table.header.columns.map((column) => column.role));
  const priced = ['amount', 'material', 'labor', 'grossAmount'].some((role) => roles.has(role as ColumnRole));
  return priced && (roles.has('description') || roles.has('scope'));
}


/**
 * Drops a leading item number ("3.2") that belongs to the current section when no item column
 * caught it; OCR may have lost its dot ("32" before a capitalised description in section 3.0).
 */
function withoutItemNumber(words: Word[], section: DraftSection | null): Word[] {
  const [first, second] = words;
  if (!first || !second) return words;
  const major = section ? /^(\d{1,2})\./.exec(section.name)?.[1] : undefined;
  const number = /^(\d{1,2})\.\d{1,3}[a-z]?\.?$/.exec(first.text);
  if (number && (major === undefined || major === number[1])) return words.slice(1);
  const dotless = first.source === 'ocr' && major !== undefined && new RegExp(`^${major}\\d{1,2}$`).test(first.text) && /^[A-Z]/.test(second.text);
  return dotless ? words.slice(1) : words;
}

class SectionBuilder {
  readonly sections: DraftSection[] = [];
  private current: DraftSection | null = null;

  constructor(
    private readonly format: NumberFormat,
    private readonly untitled: { name: string; words: Word[] },
    /** The tables print section headings: a trade column then names lines, not sections. */
    private readonly headed: boolean,
  ) {}

  private open(name: string, words: Word[], page: number): DraftSection {
    const section: DraftSection = { name, nameWords: words, page, items: [], total: null };
    this.sections.push(section);
    this.current = section;
    return section;
  }

  private totals(entry: TableEntry, cells: Cells): DraftSection['total'] {
    const amount = (role: ColumnRole): CellValue<number> | null => readAmountCell(cells[role] ?? [], this.format);
    return { page: entry.page, material: amount('material'), labor: amount('labor'), total: amount('amount') ?? amount('grossAmount') };
  }

  heading(entry: TableEntry): void {
    const cells = cellsByRole(entry);
    const moneyRoles: ColumnRole[] = ['material', 'labor', 'amount', 'grossAmount'];
    const money = new Set(moneyRoles.flatMap((role) => cells[role] ?? []));
    // A heading's number in the item-number column ("1.00  DEMOLITION") is part of its name, however amount-like.
    // A schedule's summary row, printing a duration or a crew like its tasks, is a row of the grid: its
    // number there is the row's (an outline id, as an item's is) and no part of the phase's name.
    const annotated = entry.columns.some((column, index) => hasRoleIn(column, ANNOTATION_ROLES) && entry.cells[index].length > 0);
    const rowNumber = new Set(annotated ? (cells.itemNumber ?? []) : []);
    const numbered = new Set(annotated ? [] : (cells.itemNumber ?? []));
    // A heading's total in a column of its own ("1   MASONRY   11,053.72" under "Category Total") is no part of its name.
    const words = entry.label.filter((word) => numbered.has(word) || (!rowNumber.has(word) && !money.has(word) && !parseAmount(word.text, this.format)?.moneyLike));
    const heading = readSectionHeading(joinWords(words));
    if (!heading) return;
    const current = this.current;
    const sameNumber = current !== null && heading.number !== null && readSectionHeading(current.name)?.number === heading.number;
    const sameName = current !== null && heading.name.toLowerCase() === current.name.toLowerCase();
    if ((sameNumber && (heading.continued || sameName)) || (heading.continued && sameName)) return;
    if (current !== null && isSubsection(heading.name, current.name)) return;
    const section = this.open(heading.name, words, entry.page);
    if (moneyRoles.some((role) => (cells[role]?.length ?? 0) > 0)) section.total = this.totals(entry, cells);
  }

  subtotal(entry: TableEntry): void {
    if (this.current) this.current.total = this.totals(entry, cellsByRole(entry));
  }

  /**
   * A total naming an earlier heading that headed no items of its own, after the last section's own total
   * ("Phase 1 – Demolition Total" after "0100 General Requirements Total"), rolls up the sections under it:
   * that heading groups them and is no section. Returns whether the total closed such a group.
   */
  closesGroup(entry: TableEntry): boolean {
    // The sections it groups were closed by their own totals first.
    if (!this.current?.total) return false;
    const label = joinWords(entry.label);
    const group = this.sections.findIndex(
      (section, index) => section !== this.current && index < this.sections.length - 1 && section.items.length === 0 && section.total === null && namesHeading(label, section.name, 1),
    );
    if (group >= 0) this.sections.splice(group, 1);
    return group >= 0;
  }

  /** A table of its own under its title (a form's room in a box of its own): the title opens its section. */
  titled(title: { name: string; words: Word[] }, page: number): void {
    const heading = readSectionHeading(title.name);
    if (heading) this.open(heading.name, title.words, page);
  }

  item(entry: TableEntry): void {
    const cells = cellsByRole(entry);
    const detail = entry.detail;
    const scope = cells.scope ?? [];
    // A scope column names the section of its lines (a bid's "BRICK", "STUCCO") where no heading does;
    // a room cell split over a page break names it again with a continued mark ("MASTER BATH (cont.)").
    const scopeName = scope.length > 0 ? (readSectionHeading(joinWords(scope))?.name ?? '') : '';
    if (!this.headed && scopeName !== '' && scopeName !== this.current?.name) this.open(scopeName, scope, entry.page);
    const section = this.current ?? this.open(this.untitled.name, this.untitled.words, entry.page);
    const amount = (role: ColumnRole): CellValue<number> | null => readAmountCell(cells[role] ?? [], this.format);
    const parts = componentAmounts(entry, this.format);
    // A part on a row of its own: its last amount, the extended one where its rate is printed before it.
    const part = (role: CostComponentRole): CellValue<number> | null => amount(role) ?? parts.get(role)?.at(-1) ?? null;
    // A line of quantity and unit price under the description ("12 HR × $101.00") where no column prints them.
    const quantityWords = cells.quantity?.length ? cells.quantity : (detail?.quantity ?? []);
    const unitWords = cells.unit?.length ? cells.unit : detail?.unit.length ? detail.unit : quantityWords.filter((word) => /\p{L}/u.test(word.text));
    // Parts printed with a rate and an amount each are extended; a lone amount says nothing of its basis.
    const partsExtended = parts.size > 0 && [...parts.values()].every((values) => values.length >= 2);
    const basis = entry.columns.find((column) => column.role === 'material' || column.role === 'labor')?.basis ?? (partsExtended ? 'extended' : null);
    // Under section headings, a trade column with no description column beside it names what the line is ("Plumbing").
    const described = entry.columns.some((column) => column.role === 'description');
    section.items.push({
      page: entry.page,
      description: withoutItemNumber(described || !this.headed ? (cells.description ?? []) : scope, section),
      quantity: readQuantityCell(quantityWords, this.format) ?? (quantityWords.length === 0 ? readQuantityBeforeUnit(unitWords, this.format) : null),
      unit: unitCode(readUnitCell(unitWords)) ?? headerUnitOf(entry),
      unitCost: amount('unitPrice') ?? readAmountCell(detail?.unitPrice ?? [], this.format),
      material: part('material'),
      labor: part('labor'),
      equipment: cells.equipment || parts.has('equipment') ? part('equipment') : undefined,
      tax: cells.taxAmount ? amount('taxAmount') : undefined,
      total: amount('amount') ?? amount('grossAmount'),
      basis,
      ...(entry.components ? { partRates: [...parts.values()].filter((values) => values.length >= 2).map((values) => ({ rate: values[0], amount: values[values.length - 1] })) } : {}),
      ...rateColumns(entry, this.format, part),
    });
  }
}

/** The unit the header names for the quantity column the line fills ("Length (LF)"), where the cell prints none. */
function headerUnitOf(entry: TableEntry): CellValue<string> | null {
  const index = entry.columns.findIndex((column, at) => column.unit !== undefined && entry.cells[at].length > 0);
  return index < 0 ? null : { value: entry.columns[index].unit!, words: entry.cells[index], quality: 1 };
}

/** Feet in a unit column: the line's length, linear feet (in running text "6 ft" is a size). */
const FEET = /^ft\.?$/i;

/** A unit written out ("lin. ft.", "squares", "each") as the construction code it stands for (LF, SQ, EA); feet alone as linear feet. */
function unitCode(cell: CellValue<string> | null): CellValue<string> | null {
  const code = cell && (FEET.test(cell.value) ? 'LF' : spelledUnitCode(cell.value));
  return code ? { ...cell, value: code } : cell;
}

/** A part's rate printed in a column of its own beside its extension ("Mat Rate | Material"): each part's rate and amount, for the check on the quantity. */
function rateColumns(entry: TableEntry, format: NumberFormat, part: (role: CostComponentRole) => CellValue<number> | null): Pick<DraftItem, 'partRates'> {
  const rates = entry.columns.flatMap((column, index) => {
    const role = column.alternatives[0];
    if (column.role !== null || column.basis !== 'unit' || column.alternatives.length !== 1 || !COST_COMPONENT_ROLES.some((cost) => cost === role)) return [];
    const [rate, amount] = [readAmountCell(entry.cells[index], format), part(role as CostComponentRole)];
    return rate && amount ? [{ rate, amount }] : [];
  });
  return rates.length > 0 && !entry.components ? { partRates: rates } : {};
}

/** The amounts of each cost part printed on a row of its own under the item ("Material cost  4.29  1,123.98"), left to right. */
function componentAmounts(entry: TableEntry, format: NumberFormat): Map<CostComponentRole, Array<CellValue<number>>> {
  const amounts = new Map<CostComponentRole, Array<CellValue<number>>>();
  for (const component of entry.components ?? []) {
    const values = component.cells.flatMap((words, index) => {
      const column = entry.columns[index].role;
      const value = column !== null && MONEY_ROLES.has(column) ? readAmountCell(words, format) : null;
      return value ? [value] : [];
    });
    amounts.set(component.role, values);
  }
  return amounts;
}

/**
 * Reads the statement's cost tables (itemised with quantity / material / labor columns, or one
 * amount per scope) into sections: headings open sections, subtotal rows close them.
 */
export function readStatementTable(layout: DocumentLayout): DraftTable {
  const { rows, conventions: { format } } = layout;
  const tables = layout.tables.filter(isCostTable);
  if (tables.length === 0) return { sections: [], end: 0 };
  const headed = tables.some((table) => table.entries.some((entry) => entry.kind === 'heading'));
  const builder = new SectionBuilder(format, untitledName(rows, tables[0]), headed);
  const last = tables[tables.length - 1];
  const entries = tables.flatMap((table) => table.entries);
  const unnumbered = trailingUnnumbered(entries);
  const recapLines = [...unnumbered, ...totalsOfSections(entries, unnumbered, format)];
  // Totals of headings that group sections: no section's, and the recap starts under them.
  const groupTotals: TableEntry[] = [];
  tables.forEach((table, position) => {
    // Tables one under the other, each closed by its own total row: a title right above the next one's header names its section
    // (not a line OCR read doubtfully, such as the noise of a fax's running header).
    if (position > 0 && tables[position - 1].totals && table.entries[0] && table.entries[0].kind !== 'heading') {
      const title = headingAbove(rows, table.start, true, table.totals?.label);
      const sure = title.words.reduce((sum, word) => sum + word.confidence, 0) >= MIN_TITLE_CONFIDENCE * title.words.length;
      if (title.name !== '' && sure) builder.titled(title, table.entries[0].page);
    }
    for (const entry of table.entries) {
      if (entry.kind === 'subtotal' && builder.closesGroup(entry)) {
        groupTotals.push(entry);
        continue;
      }
      if (recapLines.includes(entry)) continue;
      if (entry.kind === 'heading') builder.heading(entry);
      else if (entry.kind === 'subtotal') builder.subtotal(entry);
      else builder.item(entry);
    }
    if (table.totals && builder.closesGroup(table.totals)) groupTotals.push(table.totals);
  });
  // The recap starts where the last table holding items ends: a header repeated over recap lines alone on the next page starts none.
  const lastWithItems = tables.findLast((table) => table.entries.some((entry) => entry.kind === 'item' && !recapLines.includes(entry))) ?? last;
  let end = recapLines.length > 0 ? Math.min(lastWithItems.end, ...recapLines.map((entry) => entry.rows[0].index)) : last.end;
  for (const total of groupTotals) if (total.rows[0].index === end) end = total.rows.at(-1)!.index + 1;
  return { sections: withoutEmptyCategories(withoutGroupHeadings(builder.sections)), start: tables[0].start, end, columns: last.entries.at(-1)?.columns ?? last.header.columns };
}
