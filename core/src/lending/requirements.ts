import { z } from 'zod';
import { DocsiftError } from '../contracts/errors.js';
import type { LendingRequirements } from '../contracts/lending.js';
import type { DocumentTypePlugin } from '../contracts/plugin.js';

/** The members every lending type shares; each lending plugin brings its own (docs/lending.md). */
const commonRequirementMembers = {
  minimumFieldConfidence: z.number().min(0).max(1).default(0.6),
};

/** An organization's lending requirements as the installed lending plugins define them. */
export interface LendingRequirementsSpec {
  /** Validates a body: every member optional (defaults filled), unknown members refused. */
  readonly schema: z.ZodObject;
  /** Which plugin declared each member (`common` for the shared ones), in declaration order. */
  readonly owners: Readonly<Record<string, string>>;
  /** A fresh copy of the defaults. */
  defaults(): LendingRequirements;
  /** Parses a body, filling defaults; throws a ZodError naming the offending members. */
  parse(input: unknown): LendingRequirements;
  /**
   * Parses requirements saved earlier: members of plugins no longer installed are dropped, and a
   * member that no longer validates (a plugin changed its rules) falls back to its default.
   */
  parseSaved(input: unknown): LendingRequirements;
}

/**
 * Combines the common members with the `lending.requirements` of each plugin. A member declared
 * twice, or one without a default, is refused with an `invalid_plugin` error naming the plugin.
 */
export function lendingRequirementsSpec(plugins: readonly DocumentTypePlugin<any>[]): LendingRequirementsSpec {
  const shape: Record<string, z.ZodType> = { ...commonRequirementMembers };
  const owners: Record<string, string> = Object.fromEntries(Object.keys(commonRequirementMembers).map((member) => [member, 'common']));
  for (const plugin of plugins) {
    if (!plugin.lending) continue;
    for (const [member, schema] of Object.entries(plugin.lending.requirements.shape as Record<string, z.ZodType>)) {
      if (owners[member]) {
        const owner = owners[member] === 'common' ? 'core' : `plugin "${owners[member]}"`;
        throw new DocsiftError('invalid_plugin', `Plugin "${plugin.name}" declares the lending requirement "${member}", which ${owner} already declares.`, {
          plugin: plugin.name,
          member,
        });
      }
      if (!schema.safeParse(undefined).success) {
        throw new DocsiftError('invalid_plugin', `Plugin "${plugin.name}" declares the lending requirement "${member}" without a valid default.`, {
          plugin: plugin.name,
          member,
        });
      }
      shape[member] = schema;
      owners[member] = plugin.name;
    }
  }
  const schema = z.strictObject(shape);
  const parse = (input: unknown) => schema.parse(input ?? {}) as LendingRequirements;
  return {
    schema,
    owners,
    defaults: () => parse({}),
    parse,
    parseSaved(input) {
      const saved = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
      const kept = Object.entries(saved).filter(([member, value]) => shape[member]?.safeParse(value).success);
      return parse(Object.fromEntries(kept));
    },
  };
}
