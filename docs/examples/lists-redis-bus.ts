// bus.ts: a change bus over Redis pub/sub, for an app that runs as several instances.
// A resource update goes out with PUBLISH, and every instance, this one included, hears it with SUBSCRIBE.
// A list change stays on its instance: each instance applies the change itself and tells its own clients once it serves it.
import type { ServerEvent, ServerEventBus } from "@modelcontextprotocol/server";
import { Redis } from "ioredis";

export interface RedisBus {
  bus: ServerEventBus;
  /** Sends a change of the tool list to every instance, this one included. */
  tell(change: string): Promise<void>;
  /** Calls `listener` with each change any instance tells; returns the function that stops it. */
  hear(listener: (change: string) => void): () => void;
  close(): Promise<void>;
}

/** The kinds that stay on the instance: each instance announces the changes of its own lists. */
const LOCAL_KINDS = new Set<ServerEvent["kind"]>(["tools_list_changed", "prompts_list_changed", "resources_list_changed"]);

export function createRedisBus(url: string, prefix: string): RedisBus {
  if (typeof url !== "string" || !/^rediss?:\/\//.test(url))
    throw new TypeError(`createRedisBus: url must be a redis:// URL, got ${String(url)}`);
  if (typeof prefix !== "string" || prefix === "") throw new TypeError("createRedisBus: prefix must be a non-empty string");
  const events = `${prefix}:events`;
  const changes = `${prefix}:changes`;
  // A connection in subscriber mode can do nothing else, so publishing takes a second one.
  const publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const listeners = new Set<(event: ServerEvent) => void>();
  const changeListeners = new Set<(change: string) => void>();
  const report = (error: unknown) => console.error(`[redis-bus] ${error instanceof Error ? error.message : String(error)}`);
  publisher.on("error", report);
  subscriber.on("error", report);
  const deliver = (event: ServerEvent) => {
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        report(error);
      }
    }
  };
  subscriber.on("message", (channel: string, text: string) => {
    if (channel === changes) {
      for (const listener of [...changeListeners]) {
        try {
          listener(text);
        } catch (error) {
          report(error);
        }
      }
      return;
    }
    if (channel !== events) return;
    let event: ServerEvent;
    try {
      event = JSON.parse(text) as ServerEvent;
    } catch {
      return report(new Error("a message on the events channel is not JSON"));
    }
    // Another instance's list change is its own to announce; only what travels is passed on.
    if (!LOCAL_KINDS.has(event.kind)) deliver(event);
  });
  const ready = subscriber.subscribe(events, changes);
  ready.catch(report);
  return {
    bus: {
      publish(event) {
        if (LOCAL_KINDS.has(event.kind)) deliver(event);
        else publisher.publish(events, JSON.stringify(event)).catch(report);
      },
      subscribe(listener) {
        listeners.add(listener);
        return () => {
          listeners.delete(listener);
        };
      },
    },
    async tell(change) {
      if (typeof change !== "string" || change === "") throw new TypeError("tell takes a non-empty string");
      // Subscribed first, so this instance hears its own change too.
      await ready;
      await publisher.publish(changes, change);
    },
    hear(listener) {
      if (typeof listener !== "function") throw new TypeError("hear takes a function");
      changeListeners.add(listener);
      return () => {
        changeListeners.delete(listener);
      };
    },
    async close() {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
