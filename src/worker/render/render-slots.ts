/**
 * At most `size` renders in the browser at once; the rest wait their turn in order. Each render
 * in flight costs Chromium a renderer, a WebUI renderer and a print compositor (~200 MiB, see
 * docs/pdf-rendering.md), so this, not the queue's concurrency, bounds the worker's memory.
 */
export class RenderSlots {
  private used = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  async take(): Promise<void> {
    if (this.used < this.size) {
      this.used += 1;
      return;
    }
    // The slot passes straight from give() to the first waiter: `used` stays counted.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.used -= 1;
  }
}
