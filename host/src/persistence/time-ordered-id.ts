import { randomUUID } from 'node:crypto';

/**
 * An RFC 9562 version 7 UUID: 48 bits of Unix milliseconds, then 74 random bits (from
 * `randomUUID`, which draws on a cached pool). Ids made in a later millisecond sort later, so a
 * primary key of them grows at the end of its index: a batch of inserts dirties one index page instead of one page per
 * row.
 */
export function timeOrderedUuid(now: number = Date.now()): string {
  const time = now.toString(16).padStart(12, '0');
  // randomUUID(): xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx; its variant bits stay, its version becomes 7.
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${randomUUID().slice(15)}`;
}
