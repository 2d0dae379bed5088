import { hashPassword, verifyPassword } from './secrets.js';

/**
 * argon2 runs on libuv's thread pool, which also carries every file read and write (uploads,
 * storage) and DNS lookups: unbounded, a flood of logins fills the pool and uploads wait behind it.
 * At most `concurrency` hashes run at once; the others wait their turn in order.
 */
export class PasswordHasher {
  readonly #concurrency: number;
  #running = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(concurrency: number) {
    this.#concurrency = concurrency;
  }

  hash(password: string): Promise<string> {
    return this.#run(() => hashPassword(password));
  }

  verify(passwordHash: string, password: string): Promise<boolean> {
    return this.#run(() => verifyPassword(passwordHash, password));
  }

  async #run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#concurrency) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#running += 1;
    try {
      return await work();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }
}
