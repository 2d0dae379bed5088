import { z, type ZodType } from 'zod';
import type { FieldSpec } from '../contracts/registry.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function valueSchema(field: FieldSpec): ZodType {
  switch (field.type) {
    case 'number':
    case 'currency':
      return z.number();
    case 'integer':
      return z.number().int();
    case 'date':
      return z.string().regex(ISO_DATE, 'expected a date as YYYY-MM-DD');
    case 'boolean':
      return z.boolean();
    case 'list':
      return field.fields?.length ? z.array(objectSchema(field.fields)) : z.array(z.string());
    default:
      return z.string();
  }
}

function objectSchema(fields: FieldSpec[]): ZodType<Record<string, unknown>> {
  const shape: Record<string, ZodType> = {};
  for (const field of fields) {
    shape[field.name] = valueSchema(field).nullable().default(null).describe(`${field.type}: ${field.description}`);
  }
  return z.object(shape);
}

/** The data schema of a type known only by its field list: every field present or null; a list with sub-fields is a list of objects. */
export function schemaFromFields(fields: FieldSpec[]): ZodType<Record<string, unknown>> {
  return objectSchema(fields);
}

/** The schema as JSON Schema for the prompt; null when the schema has parts JSON Schema cannot say. */
export function jsonSchemaText(schema: ZodType): string | null {
  try {
    return JSON.stringify(z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }));
  } catch {
    return null;
  }
}
