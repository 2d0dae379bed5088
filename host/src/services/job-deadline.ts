export interface DeadlineSettings {
  /** Allowed before the page count is known, and added to the pages' share after. */
  baseMs: number;
  perPageMs: number;
  /** Never more than this, however many pages. */
  maxMs: number;
}

/**
 * The engine time one job may take, counted from `start()` (an engine thread took the document;
 * waiting for a free thread does not count): `baseMs` until the engine reports the page count,
 * then `baseMs + perPageMs × pages`, at most `maxMs`. Past it, `signal` aborts.
 */
export class JobDeadline {
  readonly #settings: DeadlineSettings;
  readonly #controller = new AbortController();
  #started: number | null = null;
  #allowedMs: number;
  #pageCount: number | null = null;
  #timer: NodeJS.Timeout | undefined;

  constructor(settings: DeadlineSettings) {
    this.#settings = settings;
    this.#allowedMs = Math.min(settings.baseMs, settings.maxMs);
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  get expired(): boolean {
    return this.#controller.signal.aborted;
  }

  get allowedMs(): number {
    return this.#allowedMs;
  }

  get pageCount(): number | null {
    return this.#pageCount;
  }

  /** What the failed job says: the deadline it overran and what it was sized by. */
  get message(): string {
    const seconds = Math.round(this.#allowedMs / 100) / 10;
    const pages = this.#pageCount === null ? 'before its pages were counted' : `for ${this.#pageCount} page${this.#pageCount === 1 ? '' : 's'}`;
    return `Processing was stopped: the document took longer than its deadline of ${seconds} s (${pages}).`;
  }

  start(): void {
    this.#started = performance.now();
    this.#arm();
  }

  setPageCount(pageCount: number): void {
    if (this.expired) return;
    const { baseMs, perPageMs, maxMs } = this.#settings;
    this.#pageCount = pageCount;
    this.#allowedMs = Math.min(maxMs, baseMs + perPageMs * pageCount);
    this.#arm();
  }

  clear(): void {
    clearTimeout(this.#timer);
  }

  #arm(): void {
    clearTimeout(this.#timer);
    if (this.#started === null) return;
    const left = Math.max(0, this.#allowedMs - (performance.now() - this.#started));
    this.#timer = setTimeout(() => this.#controller.abort(new Error(this.message)), left);
    this.#timer.unref();
  }
}
