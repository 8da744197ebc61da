/**
 * Stand-ins for the two extension APIs, recording what `registerTool`
 * received. They run anywhere (Node, bun, the browser tab), so the panels
 * and the playground see the registration exactly as a host would.
 */

import type { OmpExtensionApi, OmpToolRegistration } from "@agntn/tools/omp";
import type { PiExtensionApi } from "@agntn/tools/pi";

export interface PiRecorder {
  api: PiExtensionApi;
  registered: Record<string, unknown>[];
}

/** Pi's `registerTool` and `on`: registrations are kept, event handlers accepted (no session runs here). */
export function recordPi(): PiRecorder {
  const registered: Record<string, unknown>[] = [];
  const api = {
    registerTool(tool: unknown) {
      registered.push(tool as Record<string, unknown>);
    },
    on() {},
  } as unknown as PiExtensionApi;
  return { api, registered };
}

export interface OmpRecorder {
  api: OmpExtensionApi;
  registered: OmpToolRegistration[];
}

/** OMP's `registerTool`, with the `typebox.Type.Unsafe` the caller passes (the host's own where it can be loaded). */
export function recordOmp(unsafe: (schema: Record<string, unknown>) => unknown): OmpRecorder {
  const registered: OmpToolRegistration[] = [];
  const api: OmpExtensionApi = {
    typebox: { Type: { Unsafe: unsafe } },
    registerTool(tool) {
      registered.push(tool);
    },
  };
  return { api, registered };
}
