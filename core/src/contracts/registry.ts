/** Field types a template or a custom registry type can ask for. */
export const FIELD_TYPES = [
  'string',
  'number',
  'integer',
  'currency',
  'date',
  'boolean',
  'email',
  'phone',
  'address',
  'list',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** One field of a template, of a custom type, or of a built-in type's legacy `supportedFields`. */
export interface FieldSpec {
  name: string;
  type: FieldType;
  description: string;
  required?: boolean;
  /**
   * Sub-fields of a `list` field: each element is then an object with these fields (line items read
   * as a table); without them a list is a list of strings. Ignored for other types.
   */
  fields?: FieldSpec[];
}

/** What the registry knows about a document type (built-in or added by an organization). */
export interface RegistryEntry {
  typeCode: string;
  displayName: string;
  description: string;
  /** Below this calibrated confidence the document is `unknown`. */
  confidenceThreshold: number;
  extractionSupported: boolean;
  /** Names this type had in earlier layouts of the API (`insurance_certificate`). */
  legacyTypeCodes: string[];
  /** Fields in the legacy type list (`supportedFields`), and what the generic extractor looks for. */
  fields: FieldSpec[];
  /** Words and phrases typical of the type; used by the registry scorer for types without a trained detector. */
  keywords: string[];
  /** Short example texts of the type; used by the registry scorer. */
  examples: string[];
  /** Text shown by the lending variant's type list. */
  lendingSpecific?: string;
}
