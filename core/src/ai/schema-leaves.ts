import { z, type ZodType } from 'zod';

/** A scalar field of a data schema, by path (`documentMetadata.lenderName`), with the schema it has there. */
export interface SchemaLeaf {
  path: string;
  schema: ZodType;
}

/** Wrappers around a field's schema that leave its kind of value as it is. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);
/**
 * Kinds of value a leaf may have: those that can be printed as words. Booleans (a ticked box is no
 * word) and anything transformed, unioned or lazy are left out.
 */
const PRINTABLE = new Set(['string', 'number', 'enum', 'literal']);

type Definition = { type: string; innerType?: ZodType; shape?: Record<string, ZodType> };

const definition = (schema: ZodType): Definition => (schema as unknown as z.core.$ZodType)._zod.def as Definition;

function unwrapped(schema: ZodType): ZodType {
  let inner = schema;
  while (WRAPPERS.has(definition(inner).type) && definition(inner).innerType) inner = definition(inner).innerType!;
  return inner;
}

/**
 * The printable scalar fields of an object schema, nested objects included. Nothing under a list is
 * a leaf: list items are read as tables by the local engine, and asking about one element would
 * need the model to number rows as the local reader did.
 */
export function scalarLeaves(schema: ZodType, path = ''): SchemaLeaf[] {
  const { type, shape } = definition(unwrapped(schema));
  if (type !== 'object' || !shape) return [];
  return Object.entries(shape).flatMap(([key, field]) => {
    const fieldPath = path ? `${path}.${key}` : key;
    const kind = definition(unwrapped(field)).type;
    if (kind === 'object') return scalarLeaves(field, fieldPath);
    return PRINTABLE.has(kind) ? [{ path: fieldPath, schema: field }] : [];
  });
}

interface SchemaTree {
  [key: string]: ZodType | SchemaTree;
}

/** Any zod schema, also from another installed copy of zod (a third-party plugin's). */
const isSchema = (node: ZodType | SchemaTree): node is ZodType => '_zod' in node;

/** The field's own schema (descriptions kept), allowed to be null or absent. */
function askedLeaf(schema: ZodType): ZodType {
  return (schema.safeParse(null).success ? schema : schema.nullable()).optional();
}

function objectOf(tree: SchemaTree): ZodType {
  const shape: Record<string, ZodType> = {};
  for (const [key, node] of Object.entries(tree)) shape[key] = isSchema(node) ? node : objectOf(node).optional();
  return z.object(shape);
}

/** An object schema holding only these leaves, at their paths; every value may be null or left out. */
export function schemaOfLeaves(leaves: SchemaLeaf[]): ZodType<Record<string, unknown>> {
  const tree: SchemaTree = {};
  for (const { path, schema } of leaves) {
    const keys = path.split('.');
    let node = tree;
    for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as SchemaTree;
    node[keys[keys.length - 1]] = askedLeaf(schema);
  }
  return objectOf(tree) as ZodType<Record<string, unknown>>;
}
