import { MappingError } from './errors.js';
import { isPlainObject, parsePath } from './paths.js';
import type { MapperOptions } from '../contracts/services.js';

/** The `fields` of a mapping, checked: source paths to non-empty target names. */
export function checkedFields(options: MapperOptions, { required }: { required: boolean }): Record<string, string> {
  const fields = options.fields ?? {};
  if (!isPlainObject(fields)) throw new MappingError('invalid_mapping', 'fields must be an object of source name to target name');
  const entries = Object.entries(fields);
  if (required && entries.length === 0) throw new MappingError('invalid_mapping', 'this mapping format needs at least one field');
  for (const [source, target] of entries) {
    if (typeof target !== 'string' || target === '') {
      throw new MappingError('invalid_mapping', `the target name for "${source.slice(0, 100)}" must be a non-empty string`);
    }
    if (parsePath(source).length === 0) throw new MappingError('invalid_mapping', 'a source path is empty');
  }
  return fields as Record<string, string>;
}
