import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { encodeCursor, type Page, type PageRequest } from '../common/pagination.js';

/**
 * One page of `query`'s rows newest first by (created_at, id), after the request's position: a
 * keyset read (rows inserted or deleted meanwhile neither repeat nor hide others). `query` selects
 * from a table with `created_at` and `id` columns under its main alias, filters already applied.
 */
export async function readNewestFirst<T extends ObjectLiteral & { createdAt: Date; id: string }>(
  query: SelectQueryBuilder<T>,
  request: PageRequest,
): Promise<Page<T>> {
  const alias = query.alias;
  if (request.after) {
    query.andWhere(`(${alias}.created_at < :pageAfterTime OR (${alias}.created_at = :pageAfterTime AND ${alias}.id < :pageAfterId))`, {
      pageAfterTime: request.after.createdAt,
      pageAfterId: request.after.id,
    });
  }
  const rows = await query
    .orderBy(`${alias}.created_at`, 'DESC')
    .addOrderBy(`${alias}.id`, 'DESC')
    .take(request.limit + 1)
    .getMany();
  const items = rows.slice(0, request.limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > request.limit && last ? encodeCursor(last) : null };
}
