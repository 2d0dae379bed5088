import { EntitySchema } from 'typeorm';
import type { LendingRequirements } from '@docsift/core';
import { json, ref, timestamp } from './columns.js';

/** An organization's lending requirements (docs/lending.md): one row per organization. */
export interface LendingRequirementsRecord {
  organizationId: string;
  requirements: LendingRequirements;
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
