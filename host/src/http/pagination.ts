import { z } from 'zod';
import { decodeCursor, DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, type PageRequest } from '../common/pagination.js';

/**
 * The query parameters of every paginated listing (docs/api.md, Pagination). Spread them into the
 * listing's query schema; a cursor this service did not give out is 400 invalid_request.
 */
export const pageQueryFields = {
  cursor: z
    .string()
    .refine((value) => decodeCursor(value) !== null, 'not a cursor of this listing: pass the nextCursor of the previous page unchanged')
    .optional()
    .describe('The `nextCursor` of the previous page; omit it for the first (newest) page'),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).optional().describe(`Items per page, 1 to ${MAX_PAGE_LIMIT}`),
};

/** The page a validated query asks for (`defaultLimit` when it gives no `limit`). */
export function pageRequestOf(query: { cursor?: string; limit?: number }, defaultLimit = DEFAULT_PAGE_LIMIT): PageRequest {
  return { after: query.cursor === undefined ? null : decodeCursor(query.cursor), limit: query.limit ?? defaultLimit };
}

export const nextCursorField = z.string().nullable().describe('Pass it as `cursor` to get the next page; null on the last page');
