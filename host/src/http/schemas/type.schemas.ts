import { z } from 'zod';
import { FIELD_TYPES } from '@docsift/core';

export const FieldSpecSchema = z
  .object({
    name: z.string().trim().min(1).max(128),
    type: z.enum(FIELD_TYPES),
    description: z.string().trim().min(1).max(1000),
    required: z.boolean().optional(),
  })
  .meta({ id: 'FieldSpec' });

const typeBody = {
  displayName: z.string().trim().min(1).max(255),
  description: z.string().trim().min(1).max(4000),
  confidenceThreshold: z.number().min(0).max(1),
  fields: z.array(FieldSpecSchema).min(1).max(200),
  keywords: z.array(z.string().trim().min(1).max(200)).max(200).optional(),
  examples: z.array(z.string().min(1).max(20_000)).max(50).optional(),
};

export const TypeCreateRequest = z
  .object({
    typeCode: z.string().regex(/^[a-z][a-z0-9_]{1,63}$/, 'lowercase letters, digits and underscores, starting with a letter'),
    ...typeBody,
  })
  .meta({ id: 'DocumentTypeCreate' });

export const TypeUpdateRequest = z.object(typeBody).meta({ id: 'DocumentTypeUpdate' });

export const TypeItem = z
  .object({
    typeCode: z.string(),
    displayName: z.string(),
    description: z.string(),
    confidenceThreshold: z.number(),
    extractionSupported: z.boolean(),
  })
  .meta({ id: 'DocumentType' });

export const OrganizationTypeView = TypeItem.extend({
  fields: z.array(FieldSpecSchema),
  keywords: z.array(z.string()),
  examples: z.array(z.string()),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
}).meta({ id: 'OrganizationDocumentType' });

const LegacyTypeItem = z.object({
  type: z.string(),
  name: z.string(),
  description: z.string(),
  supportedFields: z.array(z.object({ field: z.string(), type: z.string(), description: z.string().optional(), required: z.boolean().optional() })),
});

export const TypeList = z.union([
  z.object({ types: z.array(TypeItem) }).meta({ id: 'DocumentTypeList' }),
  z.object({ documentTypes: z.array(LegacyTypeItem) }).meta({ id: 'LegacyDocumentTypeList' }),
]);

export const LayoutQuery = z.object({ layout: z.enum(['primary', 'legacy']).optional() });
export const TypeCodeParams = z.object({ typeCode: z.string().max(64) });
