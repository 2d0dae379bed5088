import { z } from 'zod';
import { JobParams } from './document.schemas.js';

export const MIN_PAGE_IMAGE_WIDTH = 100;
export const MAX_PAGE_IMAGE_WIDTH = 2000;
export const DEFAULT_PAGE_IMAGE_WIDTH = 1000;

export const PageImageParams = JobParams.extend({
  page: z.coerce.number().int().min(1).max(1_000_000).describe('1-based page number'),
});

export const PageImageQuery = z.object({
  width: z.coerce
    .number()
    .int()
    .min(MIN_PAGE_IMAGE_WIDTH)
    .max(MAX_PAGE_IMAGE_WIDTH)
    .default(DEFAULT_PAGE_IMAGE_WIDTH)
    .describe(`Image width in pixels, ${MIN_PAGE_IMAGE_WIDTH} to ${MAX_PAGE_IMAGE_WIDTH} (default ${DEFAULT_PAGE_IMAGE_WIDTH}); the height keeps the page's proportions`),
  format: z.enum(['png', 'webp']).default('png').describe('Image format (default png)'),
});

export const CorrectionRequest = z
  .strictObject({
    data: z
      .record(z.string(), z.unknown())
      .describe("The full corrected record, of the same shape as the job's extractedData (it replaces any earlier correction); at most 1 MB as JSON"),
  })
  .meta({ id: 'JobCorrection' });
