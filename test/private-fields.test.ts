/**
 * The few places where this package reads or writes a field another package
 * keeps for itself, each pinned here to the versions installed, so a change
 * on their side fails this file (with the field named) before it breaks a
 * user's app:
 *
 * - hookable's `_hooks` (Nitro's hooks): the Nuxt route asks whether a toolkit
 *   hook has listeners besides this module's (src/nuxt/runtime/toolkit-tools.ts);
 * - the toolkit's `event.context._mcpServer` and its `.server`: the route puts
 *   a stand-in there for the toolkit's composables (src/nuxt/runtime/toolkit-server.ts);
 * - the line the toolkit's `useMcpSession()` throws when the request names no
 *   session: a 2026-07-28 call answers this package's line in its place
 *   (src/nuxt/runtime/toolkit-session.ts);
 * - Node's `socket.destroySoon` (src/nuxt/runtime/web-request.ts);
 * - the MCP server SDK's protected `_wrapHandler`, through which every request handler passes: an HTTP face's
 *   `server/discover` answer adds the 2025 revisions it also serves (src/mcp/discover.ts).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Socket } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(import.meta.url);

function versionOf(packageJson: string): string {
  return (JSON.parse(readFileSync(packageJson, "utf8")) as { version: string }).version;
}

describe("hookable's _hooks, as Nitro's hooks keep their listeners", () => {
  const fromNitro = createRequire(require.resolve("nitropack/package.json"));
  const entry = fromNitro.resolve("hookable");

  it("is the hookable 5 Nitro depends on", () => {
    expect(versionOf(join(dirname(entry), "..", "package.json"))).toMatch(/^5\./);
  });

  it("lists each hook's listeners by name", async () => {
    const { createHooks } = (await import(entry)) as { createHooks(): { hook(name: string, fn: () => void): () => void } };
    const hooks = createHooks();
    const unhook = hooks.hook("mcp:server:created", () => {});
    hooks.hook("mcp:server:created", () => {});
    expect((hooks as unknown as { _hooks: Record<string, unknown[]> })._hooks["mcp:server:created"]).toHaveLength(2);
    unhook();
    expect((hooks as unknown as { _hooks: Record<string, unknown[]> })._hooks["mcp:server:created"]).toHaveLength(1);
  });
});

describe("the toolkit's _mcpServer", () => {
  const dist = join(root, "node_modules/@nuxtjs/mcp-toolkit/dist/runtime/server/mcp");

  it("is read by useMcpServer in the toolkit version this package allows (0.21)", () => {
    expect(versionOf(join(root, "node_modules/@nuxtjs/mcp-toolkit/package.json"))).toMatch(/^0\.21\./);
    expect(readFileSync(join(dist, "server.js"), "utf8")).toContain("const server = event.context._mcpServer;");
  });

  it("hands the composables its .server, on which they call getClientCapabilities, elicitInput and sendLoggingMessage", () => {
    expect(readFileSync(join(dist, "internals.js"), "utf8")).toContain("return server.server;");
    expect(readFileSync(join(dist, "elicitation.js"), "utf8")).toContain("sdkServer.getClientCapabilities()");
    expect(readFileSync(join(dist, "elicitation.js"), "utf8")).toContain("await sdkServer.elicitInput(");
    expect(readFileSync(join(dist, "logger.js"), "utf8")).toContain("await sdkServer.sendLoggingMessage(params, sessionId)");
  });
});

describe("the toolkit's useMcpSession, on a request that names no session", () => {
  const session = join(root, "node_modules/@nuxtjs/mcp-toolkit/dist/runtime/server/mcp/session.js");

  it("reads the session from the Mcp-Session-Id header and throws the line the route recognises", async () => {
    const { TOOLKIT_NO_SESSION } = await import("../src/nuxt/runtime/toolkit-session.ts");
    expect(versionOf(join(root, "node_modules/@nuxtjs/mcp-toolkit/package.json"))).toMatch(/^0\.21\./);
    const code = readFileSync(session, "utf8");
    expect(code).toContain('const sessionId = getHeader(event, "mcp-session-id");');
    expect(code).toContain('"No active MCP session. Ensure `mcp.sessions` is enabled and `nitro.experimental.asyncContext` is true."');
    expect(TOOLKIT_NO_SESSION).toBe("No active MCP session.");
  });
});

describe("Node's socket.destroySoon", () => {
  it("is a method of net.Socket", () => {
    expect(typeof (Socket.prototype as unknown as { destroySoon?: unknown }).destroySoon).toBe("function");
  });
});

describe("the MCP server SDK's _wrapHandler", () => {
  it("is a method of Server that every handler, server/discover's included, passes through", async () => {
    const { Server } = await import("@modelcontextprotocol/server");
    expect(versionOf(join(root, "node_modules/@modelcontextprotocol/server/package.json"))).toBe("2.4.0");
    expect(typeof (Server.prototype as unknown as { _wrapHandler?: unknown })._wrapHandler).toBe("function");
    const { readdirSync } = await import("node:fs");
    const dist = join(root, "node_modules/@modelcontextprotocol/server/dist");
    const code = readdirSync(dist)
      .filter((file) => file.endsWith(".mjs"))
      .map((file) => readFileSync(join(dist, file), "utf8"))
      .join("\n");
    expect(code).toContain('server.setRequestHandler("server/discover", () => server._ondiscover());');
    expect(code).toContain("this._requestHandlers.set(method, this._wrapHandler(method, stored));");
  });
});
