/**
 * Cursor pagination shared by every listing (jobs, webhook deliveries, …): rows newest first by
 * (createdAt, id), and a cursor naming the last row a page ended on. The cursor is opaque to
 * callers (base64url); only this module reads or writes it.
 */

/** Where a page ends: the last row's creation time and id (the id breaks ties within a millisecond). */
export interface PagePosition {
  createdAt: Date;
  id: string;
}

/** What a listing asks for: the rows after `after` (null: from the newest), at most `limit` of them. */
export interface PageRequest {
  after: PagePosition | null;
  limit: number;
}

export interface Page<T> {
  items: T[];
  /** The cursor of the next page; null on the last page. */
  nextCursor: string | null;
}

export const DEFAULT_PAGE_LIMIT = 20;
export const MAX_PAGE_LIMIT = 100;

const CURSOR_VERSION = 'v1';
const ROW_ID = /^[0-9A-Za-z-]{1,64}$/;

export function encodeCursor(position: PagePosition): string {
  return Buffer.from(`${CURSOR_VERSION}:${position.createdAt.getTime()}:${position.id}`, 'utf8').toString('base64url');
}

/** The position a cursor names, or null when it is not one this module wrote. */
export function decodeCursor(cursor: string): PagePosition | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  const [version, millis, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
  if (version !== CURSOR_VERSION || rest.length > 0 || !millis || !/^\d{1,15}$/.test(millis) || !id || !ROW_ID.test(id)) return null;
  return { createdAt: new Date(Number(millis)), id };
}
