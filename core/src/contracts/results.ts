import type { BBox, DocumentModel, FileFormat, Page, ValueSource } from './document.js';

/** Provenance of one extracted value, keyed in `FieldDetails` by its path (`coverages[0].policyNumber`). */
export interface FieldDetail {
  /** 0..1 */
  confidence: number;
  /** 1-based page, null when unknown. */
  page: number | null;
  bbox: BBox | null;
  source: ValueSource;
  /**
   * How a value that is not printed as such was obtained, in words ("quantity × material unit
   * price", "grand total − subtotal − overhead and profit"); the box is then that of the printed
   * values it came from. Absent for values read as printed.
   */
  derivation?: string;
}

export type FieldDetails = Record<string, FieldDetail>;

export interface ExtractionResult<TData = Record<string, unknown>> {
  data: TData;
  fieldDetails: FieldDetails;
}

export type FindingSeverity = 'error' | 'warning' | 'info';

/** A validation outcome. Codes are stable, lowercase, snake_case. */
export interface Finding {
  severity: FindingSeverity;
  code: string;
  message: string;
  /** Path into extractedData the finding is about. */
  path?: string;
  /** Machine-readable figures (for example `{ expected, actual, difference }`). */
  details?: Record<string, unknown>;
}

export interface AlternativeType {
  typeCode: string;
  displayName: string;
  confidence: number;
}

export interface Classification {
  /** A registry type code, or `unknown` when no type reaches its threshold. */
  documentType: string;
  /** Calibrated confidence of the best type, 0..1 (also reported when the result is `unknown`). */
  confidence: number;
  /** Best type even when it is under its threshold. */
  bestTypeCode: string | null;
  alternativeTypes: AlternativeType[];
  /** Which classifier decided, and the model versions it used. */
  classifier: string;
  modelVersions: Record<string, string>;
}

export const UNKNOWN_TYPE = 'unknown';

export interface StageTimings {
  ingest: number;
  read: number;
  classify: number;
  extract: number;
  validate: number;
  total: number;
}

/** Everything the pipeline returns for one file. Names follow the job record of the interface. */
/** A page as the engine read it: `Page`'s width, height (upright), rotation and deskewAngle. */
export type PageGeometry = Pick<Page, 'width' | 'height' | 'rotation' | 'deskewAngle'>;

export interface ProcessResult {
  fileType: FileFormat;
  pageCount: number;
  documentType: string;
  classificationConfidence: number;
  alternativeTypes: AlternativeType[];
  extractedData: Record<string, unknown> | null;
  fieldDetails: FieldDetails;
  findings: Finding[];
  timingsMs: StageTimings;
  /** Per page: how its words were read. */
  pageSources: Array<'text' | 'ocr' | 'none'>;
  /** Per page: its size as read and how it was turned upright (what a page image needs so that boxes fall on it, `renderPageImage`). */
  pages?: PageGeometry[];
  /** The document as read (words with boxes): given for an extraction by template (`ProcessOptions.template`) only. */
  document?: DocumentModel;
}
