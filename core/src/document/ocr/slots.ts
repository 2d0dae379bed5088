/**
 * At most `size` tasks at once, the rest wait in order. The reader runs each page's whole OCR
 * (render or decode, straighten, recognise) in a slot, one per worker, so that documents read
 * concurrently hold no more page images than the workers can recognise.
 */
export class Slots {
  private free: number;
  private readonly waiting: Array<() => void> = [];

  constructor(size: number) {
    this.free = Math.max(1, size);
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    }
  }
}
