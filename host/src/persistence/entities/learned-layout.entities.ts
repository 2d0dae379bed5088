import { EntitySchema } from 'typeorm';
import type { LearnedLayout } from '@docsift/core';
import { id, json, ref, timestamp } from './columns.js';

/** A layout one organization's template learned from a corrected extraction (docs/consumer.md, "Corrections"). */
export interface LearnedLayoutRecord {
  id: string;
  organizationId: string;
  templateId: string;
  /** The corrected extraction it was learned from (it may have been deleted since). */
  extractionId: string;
  /** The template fields the layout places (learned with status `located`). */
  fieldNames: string[];
  /** The template extractor's layout (plain JSON, no document text: docs/plugins/template.md). */
  layout: LearnedLayout;
  createdAt: Date;
}

export const LearnedLayoutEntity = new EntitySchema<LearnedLayoutRecord>({
  name: 'LearnedLayout',
  tableName: 'learned_layouts',
  columns: {
    id,
    organizationId: { ...ref, name: 'organization_id' },
    templateId: { ...ref, name: 'template_id' },
    extractionId: { ...ref, name: 'extraction_id' },
    fieldNames: { ...json, name: 'field_names' },
    layout: json,
    createdAt: timestamp('created_at'),
  },
});
