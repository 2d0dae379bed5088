/**
 * Field paths used by the `default` and `flat` mappers.
 *
 * - `a.b.c` walks object keys; a number segment (`items.0` or `items[0]`) indexes an array.
 * - `*` (also `items[]` or `items[*]`) stands for every element of an array.
 * - A name with no dot or bracket is looked up at the top level of the payload first, then in
 *   its data object (`data` in the template payload, `extractedData` in the submission payload).
 * Only own properties are followed, so `constructor` or `__proto__` never reach a prototype.
 */

export type JsonObject = Record<string, unknown>;

const DATA_OBJECT_KEYS = ['data', 'extractedData'] as const;

export function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parsePath(path: string): string[] {
  const normalised = path.replace(/\[(\*?|\d+)\]/g, (_match, inner: string) => `.${inner === '' ? '*' : inner}`);
  return normalised.split('.').filter((segment) => segment !== '');
}

/** The path from the payload root a source name stands for (see the module comment). */
export function resolveSourcePath(payload: JsonObject, source: string): string[] {
  const segments = parsePath(source);
  if (segments.length !== 1 || Object.hasOwn(payload, segments[0])) return segments;
  const dataKey = DATA_OBJECT_KEYS.find((key) => isPlainObject(payload[key]) && Object.hasOwn(payload[key], segments[0]));
  return dataKey ? [dataKey, segments[0]] : segments;
}

export function hasWildcard(segments: readonly string[]): boolean {
  return segments.includes('*');
}

function childrenAt(value: unknown, segment: string): unknown[] {
  if (segment === '*') return Array.isArray(value) ? value : [];
  if (Array.isArray(value)) {
    return /^\d+$/.test(segment) && Number(segment) < value.length ? [value[Number(segment)]] : [];
  }
  return isPlainObject(value) && Object.hasOwn(value, segment) ? [value[segment]] : [];
}

/** Every value the path reaches (one at most when it has no wildcard). */
export function valuesAt(root: unknown, segments: readonly string[]): unknown[] {
  let current: unknown[] = [root];
  for (const segment of segments) current = current.flatMap((value) => childrenAt(value, segment));
  return current;
}
