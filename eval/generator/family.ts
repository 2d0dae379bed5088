import type { DateStyle } from './content.js';
import type { DocumentSpec, Section, SorDocument } from './model.js';
import type { Random } from './random.js';

/** What a layout family prints, so the answer key holds null for what is not on the page. */
export interface Printed {
  quantity: boolean;
  unit: boolean;
  /** Material and labor per line: extended amounts, unit rates only, or neither. */
  materialLabor: 'extended' | 'rates' | 'none';
  consultant: boolean;
  propertyAddress: boolean;
  borrowerName: boolean;
  lenderName: boolean;
  inspectionDate: boolean;
  contractor: { name: boolean; license: boolean; phone: boolean };
  /** A recap line with the subtotal of all sections (the answer is null where none is printed). */
  subtotal: boolean;
}

export interface SorFamily {
  /** "g1" … "g16". */
  id: string;
  /** A short name that says what the layout is. */
  name: string;
  heldOut: boolean;
  /** Line items per document. */
  items: [number, number];
  dateStyle: DateStyle;
  printed: Printed;
  /** The document-level choices of this family (headings, recap lines) for one document of `itemCount` items. */
  spec: (random: Random, itemCount: number) => DocumentSpec;
  render: (document: SorDocument) => Promise<Uint8Array>;
  /** The sections in print order where the family prints more than the document's (a fixed list of categories, empty ones too). */
  printedSections?: (document: SorDocument) => Section[];
  /** Sections whose lines print one subcontract amount instead of their material and labor (null in the answer). */
  subcontracted?: (document: SorDocument, section: Section) => boolean;
}
