/**
 * The document model every reader produces and every classifier and extractor reads.
 * Plain data only (it crosses worker-thread boundaries by structured clone).
 * Coordinates are fractions of the page, origin top-left: [x0, y0, x1, y1] in 0..1.
 */
export type FileFormat = 'pdf' | 'jpeg' | 'png';

/**
 * Where a value or word came from. A form field beats the text layer, the text layer beats OCR;
 * `learned`: read where a layout learned from a corrected document of the same layout says it is.
 */
export type ValueSource = 'form' | 'text' | 'ocr' | 'model' | 'learned';

export type BBox = [x0: number, y0: number, x1: number, y1: number];

export interface Word {
  text: string;
  bbox: BBox;
  source: 'text' | 'ocr';
  /** 0..1; 1 for the PDF text layer. */
  confidence: number;
}

export interface Line {
  text: string;
  bbox: BBox;
  words: Word[];
}

export type FormFieldKind = 'text' | 'checkbox' | 'radio' | 'dropdown' | 'list' | 'button' | 'signature' | 'unknown';

/** An AcroForm field with its value and the widget box it is drawn in. */
export interface FormField {
  /** Fully qualified field name as stored in the PDF (for example `F[0].P1[0].Producer[0]`). */
  name: string;
  kind: FormFieldKind;
  /** Text value, the selected option of a radio/dropdown, or `true`/`false` for a checkbox; null when empty. */
  value: string | boolean | null;
  /** 1-based page of the first widget, null when the widget cannot be placed. */
  page: number | null;
  bbox: BBox | null;
}

export interface Page {
  /** 1-based page number. */
  number: number;
  /** Page size in PDF points (1/72 in) for PDFs, pixels for images. */
  width: number;
  height: number;
  /** Clockwise rotation, in degrees, that was applied to make the page upright (0, 90, 180, 270). */
  rotation: number;
  /** Small-angle skew corrected before OCR, in degrees (0 when none). */
  deskewAngle: number;
  /** How the words were obtained. */
  source: 'text' | 'ocr' | 'none';
  /** Words in reading order. */
  words: Word[];
  /** The same words grouped into lines, in reading order. */
  lines: Line[];
}

export interface DocumentModel {
  format: FileFormat;
  pageCount: number;
  pages: Page[];
  /** AcroForm fields (PDF only; empty otherwise). */
  formFields: FormField[];
  /** True when the PDF is encrypted with an empty user password (permissions only) and was opened. */
  encrypted: boolean;
}
