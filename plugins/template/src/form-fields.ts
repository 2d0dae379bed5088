import type { FieldSpec, FormField } from '@docsift/core';
import { DOT_DECIMAL, foldText, ocrFold, similarity, splitIdentifier } from '@docsift/core/layout';
import { PARSERS, type Parsed } from './parse.js';

/** A form field name must resemble the template field's name this closely to be taken. */
const MIN_NAME_SIMILARITY = 0.85;
/** Confidence of a cleanly parsed form value whose name matches exactly. */
const FORM_CONFIDENCE = 0.97;

export interface FormMatch {
  field: FormField;
  parsed: Parsed;
  confidence: number;
}

const keyOf = (words: string[]): string => ocrFold(foldText(words.join(' ')).replace(/ /g, ''));

/** `F[0].P1[0].InvoiceNumber_A[0]` → `invoicenumber` (indexes and a one-letter instance suffix dropped). */
function formFieldKey(name: string): string {
  const segments = name.replace(/\[\d+\]/g, '').split('.').filter(Boolean);
  const words = splitIdentifier(segments[segments.length - 1] ?? name);
  if (words.length > 1 && /^[a-z]$/.test(words[words.length - 1])) words.pop();
  return keyOf(words);
}

function parseFormValue(value: string | boolean, field: FieldSpec): Parsed | null {
  if (typeof value === 'boolean') return field.type === 'boolean' ? { value, quality: 1 } : null;
  return PARSERS[field.type](value, { format: DOT_DECIMAL, dateOrder: 'mdy' });
}

/** The AcroForm field named like the template field, with its value parsed by type. */
export function matchFormField(formFields: readonly FormField[], field: FieldSpec): FormMatch | null {
  const wanted = keyOf(splitIdentifier(field.name));
  let best: FormMatch | null = null;
  for (const formField of formFields) {
    if (formField.value === null || formField.value === '') continue;
    const nameScore = similarity(formFieldKey(formField.name), wanted);
    if (nameScore < MIN_NAME_SIMILARITY) continue;
    const parsed = parseFormValue(formField.value, field);
    if (!parsed) continue;
    const confidence = FORM_CONFIDENCE * nameScore * parsed.quality;
    if (confidence > (best?.confidence ?? 0)) best = { field: formField, parsed, confidence };
  }
  return best;
}
