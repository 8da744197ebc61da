/**
 * Where the route keeps MCP tasks: Nitro's storage at one mount
 * (`agntnTools.tasks.mount`, default `agntn-tasks`). An app that mounts a
 * shared driver there (Redis, a platform KV), in `nitro.storage` or from a
 * Nitro plugin, gets tasks every instance can read, answer and cancel; with
 * nothing mounted there Nitro's root storage holds it, which is this
 * process's memory.
 *
 * Made once per process, when the route's handler is first built; the
 * storage `useStorage(mount)` gives finds its mount on every use, so a mount a
 * Nitro plugin adds at start-up counts whichever runs first. Made only when
 * the app asks for tasks (the option), its tools may run as tasks, or its
 * list may gain such a tool later; otherwise the route declares no Tasks
 * extension, as `createMcpHttpHandler` does.
 */
import { createTaskStore, type TaskStore } from "@agntn/tools/internal/nuxt";
import { useStorage } from "nitropack/runtime";
import config from "#agntn-tools/config.mjs";
import { appList, appToolsNow } from "./app-tools.ts";

/** The mount tasks are kept in when `agntnTools.tasks` names none (the same name as module.ts `TASKS_MOUNT`). */
const DEFAULT_MOUNT = "agntn-tasks";

let store: TaskStore | undefined;

/** The route's task store, or `undefined` when the app has no use for one. */
export function routeTaskStore(): TaskStore | undefined {
  if (store) return store;
  const wanted = config.tasks !== undefined || appList !== undefined || appToolsNow().some((tool) => tool.task !== undefined);
  if (!wanted) return undefined;
  const { mount = DEFAULT_MOUNT, ...limits } = config.tasks ?? {};
  store = createTaskStore({ storage: useStorage(mount), ...limits });
  warnIfAlone(mount);
  return store;
}

/**
 * On a preset whose next request may reach another instance, tasks kept in this process's memory would be unknown
 * there: said once, at the first request (every plugin has mounted what it mounts by then).
 */
function warnIfAlone(mount: string): void {
  if (!config.stateless || (import.meta as { dev?: boolean }).dev) return;
  const driver = useStorage().getMount(mount)?.driver as { name?: string } | undefined;
  if (driver?.name !== "memory") return;
  console.warn(
    `[@agntn/tools] Preset \`${config.preset}\` may answer each request from another instance, but tasks are kept in this process's memory (nothing is mounted at the storage \`${mount}\`): mount a shared driver there (Redis, a platform KV) so every instance knows each task.`,
  );
}
