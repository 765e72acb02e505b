/**
 * Turns at something only one may use at once, given in the order they are asked for. The
 * embedded database has one session: the functions' own queries and each client of its socket
 * (src/serve/database-access.ts) take a turn, so that no statement runs inside another's
 * transaction.
 */
export class Turns {
  private last: Promise<void> = Promise.resolve();

  /** Waits for a turn; the function it gives back ends it. */
  take(): Promise<() => void> {
    const before = this.last;
    let end!: () => void;
    this.last = new Promise<void>((resolve) => (end = resolve));
    return before.then(() => end);
  }

  /** Runs `work` in a turn of its own. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const end = await this.take();
    try {
      return await work();
    } finally {
      end();
    }
  }
}
