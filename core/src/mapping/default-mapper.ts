import type { Mapper, MapperOptions } from '../contracts/services.js';
import { checkedFields } from './fields.js';
import { isPlainObject, resolveSourcePath, type JsonObject } from './paths.js';

/**
 * Keeps the payload's structure and renames the listed fields. `fields` maps a source path
 * (see paths.ts) to a new key name, taken literally; the renamed key keeps its position, and
 * wins over an existing key of the same name. Renames apply in the order listed. Sources that
 * are not in the payload are skipped.
 */
export class DefaultMapper implements Mapper {
  readonly format = 'default';

  async map(payload: Record<string, unknown>, options: MapperOptions): Promise<Record<string, unknown>> {
    let output: JsonObject = structuredClone(payload);
    for (const [source, target] of Object.entries(checkedFields(options, { required: false }))) {
      output = renameAt(output, resolveSourcePath(output, source), target) as JsonObject;
    }
    return output;
  }

  async validate(options: MapperOptions): Promise<void> {
    checkedFields(options, { required: false });
  }
}

function renameAt(value: unknown, segments: readonly string[], target: string): unknown {
  const [head, ...rest] = segments;
  if (rest.length === 0) return isPlainObject(value) && Object.hasOwn(value, head) ? renameKey(value, head, target) : value;
  if (Array.isArray(value)) {
    return value.map((item, index) => (head === '*' || head === String(index) ? renameAt(item, rest, target) : item));
  }
  if (!isPlainObject(value) || !Object.hasOwn(value, head)) return value;
  return Object.fromEntries(Object.entries(value).map(([name, child]) => [name, name === head ? renameAt(child, rest, target) : child]));
}

/** fromEntries defines own properties, so a target such as `__proto__` stays a plain key. */
function renameKey(object: JsonObject, from: string, to: string): JsonObject {
  const entries = Object.entries(object)
    .filter(([name]) => name !== to || name === from)
    .map(([name, value]): [string, unknown] => [name === from ? to : name, value]);
  return Object.fromEntries(entries);
}
