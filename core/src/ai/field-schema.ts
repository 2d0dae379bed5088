import { z, type ZodType } from 'zod';
import type { FieldSpec, FieldType } from '../contracts/registry.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function valueSchema(type: FieldType): ZodType {
  switch (type) {
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
      return z.array(z.string());
    default:
      return z.string();
  }
}

/** The data schema of a type known only by its field list: every field present or null. */
export function schemaFromFields(fields: FieldSpec[]): ZodType<Record<string, unknown>> {
  const shape: Record<string, ZodType> = {};
  for (const field of fields) {
    shape[field.name] = valueSchema(field.type).nullable().default(null).describe(`${field.type}: ${field.description}`);
  }
  return z.object(shape);
}

/** The schema as JSON Schema for the prompt; null when the schema has parts JSON Schema cannot say. */
export function jsonSchemaText(schema: ZodType): string | null {
  try {
    return JSON.stringify(z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }));
  } catch {
    return null;
  }
}
