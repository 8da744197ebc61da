/**
 * Newest call wins: each run gets a number, and an answer is shown only if no
 * newer run started meanwhile. Answers arriving late for an old edit are dropped.
 */
export function newestWins<A extends unknown[], R>(run: (...args: A) => Promise<R>, show: (result: R) => void) {
  let latest = 0;
  return async (...args: A): Promise<void> => {
    const mine = ++latest;
    const result = await run(...args);
    if (mine === latest) show(result);
  };
}

/** Runs `fn` once typing has paused for `ms`. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args: A): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}
