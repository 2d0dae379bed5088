import type { Word } from '../../contracts/document.js';
import type { ColumnRole } from '../lexicon/index.js';
import type { LayoutRow } from '../rows.js';

export type { ColumnRole } from '../lexicon/index.js';

/** Whether a money column prints the price of one unit or the extended amount of the line. */
export type AmountBasis = 'unit' | 'extended';

export interface TableColumn {
  /** What the column holds; null when no header word says it (then its cells may decide). */
  role: ColumnRole | null;
  /** Other roles its header words can mean ("Prix HT": unit price or amount; "Tax": rate or amount); the cells decide. */
  alternatives: ColumnRole[];
  /** For material, labor and equipment columns: a rate per unit or the line's amount; null when the header does not say. */
  basis: AmountBasis | null;
  /** The header cell's extent, page fractions. */
  x0: number;
  x1: number;
  /** The header's words for this column (empty for a column found from its cells only). */
  words: Word[];
  label: string;
  /** The unit of measure the header names for a quantity column's cells ("Area (SF)": SF); absent where it names none. */
  unit?: string;
}

export interface TableHeader {
  /** The header's rows: one, or two or three stacked ("Unit" over "Price"). */
  rows: LayoutRow[];
  /** Left to right. */
  columns: TableColumn[];
  /** The header row was not printed (or OCR lost it): the columns come from the rows' alignment. */
  inferred: boolean;
}

/** Roles whose cells hold words (what the line is), as against values. */
export const TEXT_ROLES: ReadonlySet<ColumnRole> = new Set(['itemNumber', 'description', 'scope']);
/** Roles whose cells hold a money amount. */
export const MONEY_ROLES: ReadonlySet<ColumnRole> = new Set([
  'unitPrice', 'amount', 'grossAmount', 'taxAmount', 'material', 'labor', 'equipment',
  'previouslyBilled', 'thisPeriod', 'balance', 'storedMaterials', 'completedToDate', 'retainage', 'depreciation', 'actualCashValue', 'reviewEstimate', 'variance',
  'baseCost', 'markup',
]);
/** Roles that make a table an itemised one (a description and these). */
export const VALUE_ROLES: ReadonlySet<ColumnRole> = new Set([...MONEY_ROLES, 'quantity', 'percentComplete']);

export const isTextColumn = (column: TableColumn): boolean => column.role !== null && TEXT_ROLES.has(column.role);

/** A sign that multiplies a quantity by a price ("12 @ $45.00", "Qty x Rate"). */
export const TIMES_SIGN = /^(@|x|×|\*)$/i;

/** A quantity column headed with the unit price too ("Quantity @ Unit Price"): its cells write both ("12 LF @ $45.00"). */
export const writesQuantityAtPrice = (column: TableColumn): boolean => column.role === 'quantity' && column.words.some((word) => TIMES_SIGN.test(word.text));

/** Roles of what a line says besides what it is and what it costs (hours, who does it, a note): their cells are neither the description nor an amount. */
export const ANNOTATION_ROLES: ReadonlySet<ColumnRole> = new Set(['laborHours', 'duration', 'performedBy', 'remarks', 'reviewEstimate', 'variance', 'baseCost', 'markup', 'amountInWords']);

/** Annotation roles whose cells are words that wrap onto the description's lines (who does it, a note, an amount written out). */
export const WORDED_ROLES: ReadonlySet<ColumnRole> = new Set(['performedBy', 'remarks', 'amountInWords']);

/** Whether a header word named the column with one of `roles`. */
export const hasRoleIn = (column: TableColumn, roles: ReadonlySet<ColumnRole>): boolean => column.role !== null && roles.has(column.role);

/**
 * A column that holds a line's words of its own, not its description nor an amount: an annotation
 * (crew, who performs it, labor hours) or a column no header word names (a checklist's S | R | NP marks).
 */
export const isAsideColumn = (column: TableColumn): boolean => column.role === null || hasRoleIn(column, ANNOTATION_ROLES);

/** What a row of a table is. */
export type TableRowKind = 'item' | 'heading' | 'subtotal';

/** One entry of a table: an item with its wrapped lines, a section heading, or a subtotal row. */
export interface TableEntry {
  kind: TableRowKind;
  page: number;
  /** The layout rows the entry was read from, top to bottom. */
  rows: LayoutRow[];
  /** The columns in force where the entry was read. */
  columns: TableColumn[];
  /** Words per column, same index as `columns`; text columns gather the wrapped lines too. */
  cells: Word[][];
  /** Words of the row outside every column's cell that still belong to it (a heading's text, a subtotal's label). */
  label: Word[];
  /** A receipt's line of quantity and unit price printed under or above the item ("0,792 kg x 2,49 EUR/kg"). */
  detail?: { quantity: Word[]; unit: Word[]; unitPrice: Word[] };
  /**
   * Parts of the item's cost printed on rows of their own under it, each labelled as a cost column
   * would be ("Material cost  4.29  1,123.98", "Labor cost  2.53  662.86"): the part's words by column,
   * same index as `columns`, without its label.
   */
  components?: CostComponent[];
}

/** Cost parts an item may print on rows of their own. */
export const COST_COMPONENT_ROLES = ['material', 'labor', 'equipment'] as const;
export type CostComponentRole = (typeof COST_COMPONENT_ROLES)[number];
/** The cost parts as roles: material, labor and equipment columns, or rows of their own under an item. */
export const COST_ROLES: ReadonlySet<ColumnRole> = new Set(COST_COMPONENT_ROLES);

export interface CostComponent {
  role: CostComponentRole;
  row: LayoutRow;
  label: Word[];
  cells: Word[][];
}

export interface Table {
  /** The first header (the one in force at the start). */
  header: TableHeader;
  entries: TableEntry[];
  /** Index of the table's first row and one past its last row (in the rows it was read from). */
  start: number;
  end: number;
  /**
   * The totals row that ended the table, read by its columns ("Gesamtbetrag  12,11  0,94  13,05"
   * under Netto | Steuer | Brutto); not one of its entries.
   */
  totals?: TableEntry;
  /**
   * The table is printed under a summary heading after a table of items ("Recap by Category" over
   * "O&P Items  Total  %"): its lines total the items above, they are no items of their own.
   */
  summary?: true;
}
