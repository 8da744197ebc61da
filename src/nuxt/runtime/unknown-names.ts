/**
 * Unknown tool names on the toolkit's 2025 server, answered like every other
 * host's: `Unknown <server> tool: "<name>"`, quoted and escaped, as
 * `isError` text. SDK v1's own answer echoes the name raw ("MCP error
 * -32602: Tool <name> not found", escape codes and all) and, since its tool
 * table is a plain object, calls `toString` "disabled".
 *
 * SDK v1 has no public way in: this wraps its `tools/call` handler through
 * two private fields (`server._requestHandlers`, `_registeredTools`), each
 * checked before use. When they are not what this expects, the wrap is left
 * out (said once) and SDK v1 answers as it always did.
 */
import { unknownToolResult } from "@agntn/tools/mcp";

type Handler = (request: unknown, extra: unknown) => Promise<unknown>;

interface SdkV1Parts {
  handlers: Map<string, Handler>;
  registered: Record<string, { enabled?: boolean } | undefined>;
}

function partsOf(server: unknown): SdkV1Parts | undefined {
  const shape = server as { server?: { _requestHandlers?: unknown }; _registeredTools?: unknown } | null;
  const handlers = shape?.server?._requestHandlers;
  const registered = shape?._registeredTools;
  if (!(handlers instanceof Map) || typeof handlers.get("tools/call") !== "function") return undefined;
  if (typeof registered !== "object" || registered === null) return undefined;
  return { handlers: handlers as Map<string, Handler>, registered: registered as SdkV1Parts["registered"] };
}

let saidSo = false;

/** Wraps one SDK v1 server's `tools/call`; `false` when its private parts moved. */
export function answerUnknownNames(server: unknown, serverName: string): boolean {
  const parts = partsOf(server);
  if (!parts) {
    if (!saidSo) {
      saidSo = true;
      console.warn(
        "[@agntn/tools] The toolkit's SDK v1 server no longer has the parts this module wraps: unknown tool names get SDK v1's own answer.",
      );
    }
    return false;
  }
  const original = parts.handlers.get("tools/call") as Handler;
  parts.handlers.set("tools/call", (request, extra) => {
    const name = (request as { params?: { name?: unknown } } | null)?.params?.name;
    if (typeof name === "string") {
      const tool = Object.hasOwn(parts.registered, name) ? parts.registered[name] : undefined;
      if (!tool || tool.enabled === false) return Promise.resolve(unknownToolResult({ name: serverName }, name));
    }
    return original(request, extra);
  });
  return true;
}
