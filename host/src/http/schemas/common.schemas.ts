import { z } from 'zod';
import { API_ERRORS } from '../errors.js';

export const ErrorBody = z
  .object({
    error: z.enum(Object.keys(API_ERRORS) as [keyof typeof API_ERRORS, ...Array<keyof typeof API_ERRORS>]),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
    retryAfter: z.number().int().optional(),
  })
  .meta({ id: 'Error', description: 'Primary error layout (docs/errors.md).' });

export const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ErrorBody } } });

/** The error responses most routes share. */
export const commonErrors = {
  400: errorResponse('Invalid request'),
  401: errorResponse('Missing or invalid credentials'),
  429: errorResponse('Rate limit exceeded'),
  500: errorResponse('Internal error'),
} as const;

export const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
export const noContent = { description: 'No content' } as const;
