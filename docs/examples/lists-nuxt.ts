// server/tools.ts: the route serves this list as it is at each request; every instance loads each plugin itself.
import { type AnyTool, createToolList } from "@agntn/tools";
import { createRedisBus } from "./lists-redis-bus.ts";
import { tool as echo } from "./mcp-plugin-echo.ts";
import { tools as starting } from "./tools.ts";

// agntnTools.bus names this module too: the route announces resource updates and list changes on `bus`.
const shared = createRedisBus(process.env.REDIS_URL ?? "redis://127.0.0.1:6379", "my-app");
export const bus = shared.bus;

/** The plugins any instance can load, by name. */
const plugins = new Map<string, AnyTool>([["echo", echo]]);

export const tools = createToolList(starting);

// Every instance, this one included, loads what any of them tells; a plugin it has already is left alone.
shared.hear((name) => {
  const tool = plugins.get(name);
  if (tool && !tools.tools.includes(tool)) tools.add(tool);
});

/** For the app's own server route, behind its own check: loads a plugin on every instance. */
export function loadEverywhere(name: string): Promise<void> {
  if (!plugins.has(name)) throw new Error(`No plugin named "${name}"`);
  return shared.tell(name);
}
