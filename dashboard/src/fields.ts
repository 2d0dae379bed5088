/** One value of an extracted record, by the path `fieldDetails` uses: `coverages[0].limits.eachOccurrence`. */
export interface Leaf {
  path: string;
  value: unknown;
}

export function leavesOf(value: unknown, prefix = ''): Leaf[] {
  if (Array.isArray(value)) {
    if (value.length === 0) return prefix ? [{ path: prefix, value }] : [];
    return value.flatMap((item, index) => leavesOf(item, `${prefix}[${index}]`));
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return prefix ? [{ path: prefix, value }] : [];
    return entries.flatMap(([key, item]) => leavesOf(item, prefix ? `${prefix}.${key}` : key));
  }
  return [{ path: prefix, value }];
}

function segmentsOf(path: string): Array<string | number> {
  return path.split(/\.|(?=\[)/).map((part) => (part.startsWith('[') ? Number(part.slice(1, -1)) : part));
}

export function valueAt(record: unknown, path: string): unknown {
  let current = record;
  for (const segment of segmentsOf(path)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[segment];
  }
  return current;
}

/** A copy of `record` with the value at `path` replaced (objects and arrays along the way created as needed). */
export function withValueAt<T>(record: T, path: string, value: unknown): T {
  const segments = segmentsOf(path);
  const copy = structuredClone(record) as Record<string | number, unknown>;
  let current = copy;
  segments.forEach((segment, index) => {
    if (index === segments.length - 1) {
      current[segment] = value;
      return;
    }
    if (current[segment] === null || typeof current[segment] !== 'object') current[segment] = typeof segments[index + 1] === 'number' ? [] : {};
    current = current[segment] as Record<string | number, unknown>;
  });
  return copy as T;
}

/** The typed value of what was typed in an editor, following the type the value had. */
export function parseEdited(text: string, previous: unknown): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (typeof previous === 'number') {
    const number = Number(trimmed.replace(/[$,\s]/g, ''));
    return Number.isFinite(number) ? number : trimmed;
  }
  if (typeof previous === 'boolean') return /^(true|yes|1)$/i.test(trimmed);
  return trimmed;
}

export const display = (value: unknown): string =>
  value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value);
