/**
 * Progress at a pace a person can follow. A tool in this tab reports its
 * steps within a few milliseconds, so a bar drawn as they arrive would jump
 * straight to its end. The pacer draws every update, in order, each one at
 * least `stepMs` after the one before; the answer waits for the last step.
 */
export interface Pacer<T> {
  /** Queues an update; it is drawn at once if the previous one has been on screen for `stepMs`. */
  push(update: T): void;
  /** Resolves once every queued update has been drawn. */
  settled(): Promise<void>;
  /** Drops what is still queued (the run was replaced); `settled` resolves. */
  stop(): void;
}

export function createPacer<T>(stepMs: number, draw: (update: T) => void): Pacer<T> {
  const queue: T[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waiting: (() => void)[] = [];

  function wake(): void {
    for (const resolve of waiting) resolve();
    waiting = [];
  }

  function next(): void {
    const update = queue.shift();
    if (update === undefined) {
      timer = undefined;
      wake();
      return;
    }
    draw(update);
    timer = setTimeout(next, stepMs);
  }

  return {
    push(update) {
      queue.push(update);
      if (timer === undefined) next();
    },
    settled() {
      return queue.length === 0 && timer === undefined ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve));
    },
    stop() {
      queue.length = 0;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      wake();
    },
  };
}
