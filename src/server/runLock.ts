// Planning steps of one run happen one at a time: a step's index is the run's step count when it
// starts, and its history is the previous step's result, so two concurrent requests for one runId
// must not interleave (they would share an index). Different runs still plan in parallel. Holds only
// in-memory promise chains, dropped once a run's queue is empty.
export class KeyedQueue {
  readonly #tails = new Map<string, Promise<unknown>>();

  /** Run `task` after every earlier task of `key` has settled; resolves or rejects with `task`'s result. */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    const result = previous.then(() => task()); // `previous` never rejects (see `tail`)
    const tail = result.catch(() => undefined);
    this.#tails.set(key, tail);
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return result;
  }

  /** Keys with a task queued or running (for health checks and tests). */
  get activeKeys(): number {
    return this.#tails.size;
  }
}
