import { z, type FieldSpec } from '@docsift/core';

type ZodType = z.ZodType;
import { badRequest } from './errors.js';

/** Bounds of one corrected value: text of a field, and elements of a list. */
export const MAX_CORRECTED_TEXT = 10_000;
export const MAX_CORRECTED_LIST_ITEMS = 1_000;

/** A corrected value is what `data` holds for its field's type; null clears it. */
function valueSchema(field: FieldSpec): ZodType {
  switch (field.type) {
    case 'number':
    case 'currency':
      return z.number().finite();
    case 'integer':
      return z.number().int();
    case 'date':
      return z.iso.date({ error: 'expected a date as YYYY-MM-DD' });
    case 'boolean':
      return z.boolean();
    case 'list':
      return z.array(field.fields?.length ? elementSchema(field.fields) : z.string().max(MAX_CORRECTED_TEXT)).max(MAX_CORRECTED_LIST_ITEMS);
    default:
      return z.string().max(MAX_CORRECTED_TEXT);
  }
}

/** An element of a list with sub-fields: only its sub-fields, each optional (a missing one is null). */
function elementSchema(fields: FieldSpec[]): ZodType {
  return z.strictObject(Object.fromEntries(fields.map((field) => [field.name, valueSchema(field).nullable().optional()])));
}

/**
 * Checks a correction against the fields the extraction used (its template version): each key a
 * field name, each value of its field's type or null; at least one. Throws a 400 listing what is wrong.
 */
export function parseCorrection(fields: readonly FieldSpec[], body: unknown): Record<string, unknown> {
  const schema = z.strictObject(Object.fromEntries(fields.map((field) => [field.name, valueSchema(field).nullable().optional()])));
  const parsed = schema.safeParse(body);
  const issues = parsed.success
    ? Object.keys(parsed.data).length === 0
      ? [{ path: '', message: 'name at least one field to correct' }]
      : []
    : parsed.error.issues.slice(0, 20).flatMap((issue) =>
        issue.code === 'unrecognized_keys'
          ? issue.keys.map((key) => ({ path: [...issue.path, key].join('.'), message: "not a field of the extraction's template" }))
          : [{ path: issue.path.join('.'), message: issue.message }],
      );
  if (issues.length > 0) {
    throw badRequest(`The correction is not valid: ${issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; ')}.`, {
      issues,
      fields: fields.map((field) => field.name),
    });
  }
  const values = parsed.data as Record<string, unknown>;
  // In the template's order; list elements with every sub-field (null where not given), as the engine writes them.
  return Object.fromEntries(
    fields.filter((field) => field.name in values).map((field) => [field.name, completeElements(field, values[field.name])]),
  );
}

function completeElements(field: FieldSpec, value: unknown): unknown {
  if (field.type !== 'list' || !field.fields?.length || !Array.isArray(value)) return value;
  return value.map((element: Record<string, unknown>) => Object.fromEntries(field.fields!.map((sub) => [sub.name, element[sub.name] ?? null])));
}
