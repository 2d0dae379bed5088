import { EntitySchema } from 'typeorm';
import { json, ref, timestamp } from './columns.js';

/** An organization's lending requirements (docs/lending.md): one row per organization. */
export interface LendingRequirementsRecord {
  organizationId: string;
  /** As saved; read through `PluginRegistry.lendingRequirements.parseSaved` (the installed plugins define the members). */
  requirements: object;
  updatedAt: Date;
}

export const LendingRequirementsEntity = new EntitySchema<LendingRequirementsRecord>({
  name: 'LendingRequirementsRecord',
  tableName: 'lending_requirements',
  columns: {
    organizationId: { ...ref, primary: true, name: 'organization_id' },
    requirements: json,
    updatedAt: timestamp('updated_at'),
  },
});
