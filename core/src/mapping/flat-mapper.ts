import type { Mapper, MapperOptions } from '../contracts/services.js';
import { checkedFields } from './fields.js';
import { hasWildcard, resolveSourcePath, valuesAt } from './paths.js';

/**
 * Builds a flat object holding only the mapped names: `fields` maps a source path (such as
 * `data.borrowerName` or `confidence.overall`, see paths.ts) to an output name. A source that
 * is missing gives `null`, so the receiver always sees the same keys; a path with `*` gives the
 * array of every value it reaches.
 */
export class FlatMapper implements Mapper {
  readonly format = 'flat';

  async map(payload: Record<string, unknown>, options: MapperOptions): Promise<Record<string, unknown>> {
    const entries = Object.entries(checkedFields(options, { required: true })).map(([source, target]): [string, unknown] => {
      const segments = resolveSourcePath(payload, source);
      const values = valuesAt(payload, segments);
      return [target, structuredClone(hasWildcard(segments) ? values : (values[0] ?? null))];
    });
    // fromEntries defines own properties, so an output name such as `__proto__` stays a plain key.
    return Object.fromEntries(entries);
  }

  async validate(options: MapperOptions): Promise<void> {
    checkedFields(options, { required: true });
  }
}
