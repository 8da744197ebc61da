// bus.ts: several instances share one bus, so a client on any of them hears what another announces.
import { createMcpHttpHandler } from "@agntn/tools/mcp";
import type { ServerEvent, ServerEventBus } from "@modelcontextprotocol/server";
import { changelog } from "./resources-catalog.ts";
import { tools } from "./tools.ts";

/** The smallest pub/sub there is: swap the Set for your Redis or queue client's publish and subscribe. */
const listeners = new Set<(event: ServerEvent) => void>();
export const bus: ServerEventBus = {
  publish: (event) => {
    for (const listener of listeners) listener(event);
  },
  subscribe: (listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const first = createMcpHttpHandler({ name: "handbook", version: "1.1.0" }, tools, { resources: [changelog], bus });
export const second = createMcpHttpHandler({ name: "handbook", version: "1.1.0" }, tools, { resources: [changelog], bus });
