/**
 * The storage a task store uses when it is given none: the five calls the store makes of an unstorage `Storage`, on
 * a Map of this process. Written here rather than taken from unstorage, whose package brings h3 1.x, chokidar and
 * ofetch into every install of the MCP entry; a server that shares tasks between instances passes an unstorage
 * storage of its own (Redis, the file system, a KV), and a Nuxt app has Nitro's.
 */

/** What the task store asks of a storage: every unstorage `Storage` has it. */
export interface TaskStorage {
  hasItem(key: string): Promise<boolean>;
  getItem(key: string): Promise<unknown>;
  /** `ttl` in seconds, for drivers that expire keys themselves (Redis, KV); others keep the key until it is removed. */
  setItem(key: string, value: never, options?: { ttl?: number }): Promise<void>;
  removeItem(key: string): Promise<void>;
}

/**
 * A storage in this process's memory. Values go in and out as JSON, as they do through any unstorage driver.
 *
 * A removed key is marked, not deleted, and the marks are cleared by copying the live keys into a new Map once they
 * outnumber them. Written by hand because V8's Map (and a dictionary-mode object alike) keeps a deleted entry in its
 * hash chain until the table is rebuilt, which it is only when it fills: a key written and removed again and again (a
 * caller's held tasks, at each creation and end) beside keys still arriving (the tasks kept for their ttl) made every
 * read of that key walk all its past removals, 30 µs a read with 40,000 tasks kept, measured; marked, about 1 µs.
 * Clearing costs one copy per as many removals as there are live keys.
 */
export function memoryStorage(): TaskStorage {
  let data = new Map<string, string | undefined>();
  let marked = 0;
  const clear = () => {
    const live = new Map<string, string | undefined>();
    for (const [key, text] of data) if (text !== undefined) live.set(key, text);
    data = live;
    marked = 0;
  };
  const storage: TaskStorage = {
    hasItem: async (key) => data.get(key) !== undefined,
    getItem: async (key) => {
      const text = data.get(key);
      return text === undefined ? null : JSON.parse(text);
    },
    setItem: async (key, value) => {
      const text = JSON.stringify(value) as string | undefined;
      // unstorage removes a key set to undefined.
      if (text === undefined) return void (await storage.removeItem(key));
      if (data.has(key) && data.get(key) === undefined) marked--;
      data.set(key, text);
    },
    removeItem: async (key) => {
      if (data.get(key) === undefined) return;
      data.set(key, undefined);
      if (++marked > Math.max(1024, data.size - marked)) clear();
    },
  };
  return storage;
}
