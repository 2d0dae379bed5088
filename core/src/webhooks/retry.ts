/** The longest wait between two attempts (interface: the delay is capped at 5 minutes). */
export const MAX_RETRY_DELAY_MS = 5 * 60 * 1000;

/**
 * The wait after failed attempt `attempt` (1-based) before the next one: base × 2^(attempt−1),
 * capped at 5 minutes. With base 1000: 1 s, 2 s, 4 s, 8 s, …
 */
export function retryDelayMs(attempt: number, baseMs: number): number {
  if (!Number.isInteger(attempt) || attempt < 1) throw new RangeError('attempt is a whole number from 1');
  if (!(baseMs >= 0)) throw new RangeError('baseMs must not be negative');
  return Math.min(baseMs * 2 ** (attempt - 1), MAX_RETRY_DELAY_MS);
}
