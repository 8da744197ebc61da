/**
 * The storage a task store uses when it is given none: the four calls the store makes of an unstorage `Storage`, on
 * a Map of this process. Written here rather than taken from unstorage, whose package brings h3 1.x, chokidar and
 * ofetch into every install of the MCP entry; a server that shares tasks between instances passes an unstorage
 * storage of its own (Redis, the file system, a KV), and a Nuxt app has Nitro's.
 */
import { MarkedMap } from "../../core/marked-map.ts";

/** What the task store asks of a storage: every unstorage `Storage` has it. */
export interface TaskStorage {
  hasItem(key: string): Promise<boolean>;
  getItem(key: string): Promise<unknown>;
  /** `ttl` in seconds, for drivers that expire keys themselves (Redis, KV); others keep the key until it is removed. */
  setItem(key: string, value: never, options?: { ttl?: number }): Promise<void>;
  removeItem(key: string): Promise<void>;
}

/**
 * A storage in this process's memory. Values go in and out as JSON, as they do through any unstorage driver. The keys
 * live in a {@link MarkedMap}: a key written and removed again and again beside the tasks kept for their ttl (as a
 * caller's held tasks were, before the store kept them in a Map of its own on this storage) makes each read of it
 * walk all its earlier removals in a plain Map.
 */
export function memoryStorage(): TaskStorage {
  const data = new MarkedMap<string, string>();
  return {
    hasItem: async (key) => data.has(key),
    getItem: async (key) => {
      const text = data.get(key);
      return text === undefined ? null : JSON.parse(text);
    },
    setItem: async (key, value) => {
      const text = JSON.stringify(value) as string | undefined;
      // unstorage removes a key set to undefined.
      if (text === undefined) data.delete(key);
      else data.set(key, text);
    },
    removeItem: async (key) => {
      data.delete(key);
    },
  };
}
