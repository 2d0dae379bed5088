import { z } from 'zod';
import { FIELD_TYPES } from '../contracts/registry.js';

const scalarFieldSchema = z.object({
  name: z.string().min(1),
  type: z.enum(FIELD_TYPES).exclude(['list']),
  description: z.string(),
  required: z.boolean().optional(),
});

const fieldSpecSchema = z.union([
  scalarFieldSchema,
  scalarFieldSchema.extend({ type: z.literal('list'), fields: z.array(scalarFieldSchema).min(1).optional() }),
]);

export const typeCodeSchema = z
  .string()
  .regex(/^[a-z][a-z0-9_]{1,63}$/, 'a type code is lowercase letters, digits and underscores, starting with a letter');

export const registryEntrySchema = z.object({
  typeCode: typeCodeSchema,
  displayName: z.string().min(1),
  description: z.string().min(1),
  confidenceThreshold: z.number().min(0).max(1),
  extractionSupported: z.boolean(),
  legacyTypeCodes: z.array(z.string()),
  fields: z.array(fieldSpecSchema),
  keywords: z.array(z.string()),
  examples: z.array(z.string()),
  lendingSpecific: z.string().optional(),
});

const fn = (what: string) => z.custom<(...args: never[]) => unknown>((v) => typeof v === 'function', `${what} must be a function`);

const detectorSchema = z.object({
  artifact: z
    .object({ format: z.string(), typeCode: z.string(), version: z.string() })
    .passthrough()
    .nullable(),
  trainingExamples: fn('detector.trainingExamples'),
});

const lifecycle = {
  init: fn('init').optional(),
  close: fn('close').optional(),
};

const zodObject = z.custom((v) => v instanceof z.ZodObject || (typeof v === 'object' && v !== null && 'shape' in v && 'safeParse' in v), {
  message: 'must be a zod object schema',
});

export const documentTypePluginSchema = z.object({
  ...lifecycle,
  apiVersion: z.number(),
  kind: z.literal('document-type'),
  name: z.string().min(1),
  version: z.string().min(1),
  entry: registryEntrySchema,
  dataSchema: z.custom((v) => v instanceof z.ZodType || (typeof v === 'object' && v !== null && 'safeParse' in v), {
    message: 'dataSchema must be a zod schema',
  }),
  detector: detectorSchema,
  extractor: z.object({ extract: fn('extractor.extract') }).passthrough(),
  validators: z.array(fn('each validator')),
  legacy: z.object({ typeCode: z.string().min(1), toLegacy: fn('legacy.toLegacy') }).optional(),
  lending: z.object({ evaluate: fn('lending.evaluate'), requirements: zodObject }).passthrough().optional(),
});

export const templateExtractorPluginSchema = z.object({
  ...lifecycle,
  apiVersion: z.number(),
  kind: z.literal('template-extractor'),
  name: z.string().min(1),
  version: z.string().min(1),
  extractor: z.object({ extract: fn('extractor.extract') }).passthrough(),
});
