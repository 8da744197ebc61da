/**
 * The Nuxt module without a build: its meta, what it does to an app's options
 * when loaded by Nuxt (toolkit installed, sessions and asyncContext switched
 * on, each notice said once), and how it joins the app's tools to the
 * toolkit's own on the default route. test/nuxt.test.ts serves built apps.
 */
import { fileURLToPath } from "node:url";
import { hostnameOf } from "@agntn/tools/mcp";
import agntnTools from "@agntn/tools/nuxt";
import { loadNuxt, logger } from "@nuxt/kit";
import { afterAll, describe, expect, it } from "vitest";
import { isManyInstancePreset } from "../src/nuxt/module.ts";
import { isExactRoute, onRoute } from "../src/nuxt/runtime/hosts.ts";
import { joinTools, registeredName } from "../src/nuxt/runtime/join.ts";

describe("the module's meta", () => {
  it("names itself, its config key and the Nuxt it needs", async () => {
    expect(await agntnTools.getMeta?.()).toEqual({ name: "@agntn/tools", configKey: "agntnTools", compatibility: { nuxt: ">=4.0.0" } });
  });
});

describe("loading an app that turned both switches off and never added the toolkit", () => {
  const logs: Array<{ type: string; tag: string; text: string }> = [];
  const reporter = {
    log: (entry: { type: string; tag: string; args: unknown[] }) => {
      logs.push({ type: entry.type, tag: entry.tag, text: entry.args.map(String).join(" ") });
    },
  };
  let nuxt: Awaited<ReturnType<typeof loadNuxt>> | undefined;

  afterAll(async () => {
    logger.removeReporter(reporter);
    await nuxt?.close();
  });

  it("installs the toolkit, switches both on, says so once each, and fills name, version and route", async () => {
    logger.addReporter(reporter);
    nuxt = await loadNuxt({ cwd: fileURLToPath(new URL("./fixtures/nuxt-off", import.meta.url)), ready: true, dev: false });
    const options = nuxt.options as unknown as Record<string, Record<string, unknown>>;
    expect(nuxt.options._installedModules.map((m) => m.meta?.name)).toEqual(
      expect.arrayContaining(["@agntn/tools", "@nuxtjs/mcp-toolkit"]),
    );
    expect(options.mcp?.sessions).toEqual({ enabled: true, maxSessions: 5 });
    expect(options.mcp?.route).toBe("/agent-mcp");
    expect(options.mcp?.name).toBe("@agntn/tools");
    expect(typeof options.mcp?.version).toBe("string");
    expect((nuxt.options.nitro.experimental as Record<string, unknown>).asyncContext).toBe(true);
    const ours = logs.filter((entry) => entry.tag === "@agntn/tools");
    expect(ours).toEqual([
      {
        type: "warn",
        tag: "@agntn/tools",
        text: "`mcp.sessions` was off; switched on, because progress and questions need sessions (they live in process memory).",
      },
      {
        type: "warn",
        tag: "@agntn/tools",
        text: "`nitro.experimental.asyncContext` was off; switched on, because the toolkit's elicitation needs the request context.",
      },
    ]);
  });
});

describe("joining the app's tools to the toolkit's own", () => {
  it.each([
    { entry: { name: "list-pages" }, name: "list-pages" },
    { entry: { _meta: { filename: "getPage.ts" } }, name: "get-page" },
    { entry: { _meta: { filename: "my_tool.mjs" } }, name: "my-tool" },
    { entry: { name: "", _meta: { filename: "x.js" } }, name: "x" },
    { entry: {}, name: undefined },
  ])("reads the registered name of $entry as $name", ({ entry, name }) => {
    expect(registeredName(entry)).toBe(name);
  });

  it("keeps the toolkit's tools first and leaves out an app tool whose name is taken", () => {
    const existing = [{ name: "list-pages" }, { _meta: { filename: "text-slug.ts" } }, { _meta: { filename: "get_page.ts" } }];
    const ours = [{ name: "text_slug" }, { name: "get-page" }, { name: "list-pages" }, { name: "text_stats" }];
    expect(joinTools(existing, ours)).toEqual({
      tools: [...existing, { name: "text_slug" }, { name: "text_stats" }],
      clashes: ["get-page", "list-pages"],
    });
  });
});

describe("the Host check behind agntnTools.allowedHosts", () => {
  it.each([
    { host: "127.0.0.1:3000", name: "127.0.0.1" },
    { host: "LOCALHOST", name: "localhost" },
    { host: "[::1]:8080", name: "[::1]" },
    { host: "evil.example.com", name: "evil.example.com" },
    { host: "", name: undefined },
    { host: undefined, name: undefined },
    { host: ["a", "b"], name: undefined },
    { host: "a b", name: undefined },
  ])("reads the host name of $host as $name", ({ host, name }) => {
    expect(hostnameOf(host)).toBe(name);
  });

  it.each([
    { path: "/mcp", route: "/mcp", on: true },
    { path: "/mcp?x=1", route: "/mcp", on: true },
    { path: "/mcp/deeplink", route: "/mcp/", on: true },
    { path: "/mcpx", route: "/mcp", on: false },
    { path: "/", route: "/mcp", on: false },
    { path: "/agent-mcp/x", route: "/agent-mcp", on: true },
  ])("counts $path as on $route: $on", ({ path, route, on }) => {
    expect(onRoute(path, route)).toBe(on);
  });
});

describe("where 2025 clients get sessions", () => {
  it.each([
    ["node-server", false],
    ["node", false],
    ["node_listener", false],
    ["bun", false],
    ["deno-server", false],
    ["nitro-dev", false],
    ["node-cluster", true],
    ["vercel", true],
    ["netlify", true],
    ["aws-lambda", true],
    ["azure-functions", true],
    ["cloudflare-module", true],
    ["cloudflare-pages", true],
    ["firebase-app-hosting", true],
  ])("preset %s answers 2025 without sessions: %s", (preset, stateless) => {
    expect(isManyInstancePreset(preset)).toBe(stateless);
  });
});

describe("the stateless path's route match", () => {
  it.each([
    { path: "/mcp", route: "/mcp", exact: true },
    { path: "/mcp/", route: "/mcp", exact: true },
    { path: "/mcp?x=1", route: "/mcp", exact: true },
    { path: "/mcp/deeplink", route: "/mcp", exact: false },
    { path: "/mcp/badge.svg", route: "/mcp", exact: false },
    { path: "/mcpx", route: "/mcp", exact: false },
    { path: "/agent-mcp", route: "/agent-mcp/", exact: true },
  ])("takes $path as the route $route itself: $exact", ({ path, route, exact }) => {
    expect(isExactRoute(path, route)).toBe(exact);
  });
});

describe("a misspelt module option", () => {
  it("stops the app at load, naming the key and the accepted ones", async () => {
    await expect(
      loadNuxt({ cwd: fileURLToPath(new URL("./fixtures/nuxt-typo", import.meta.url)), ready: true, dev: false }),
    ).rejects.toThrow('agntnTools: unknown option "allowedHost"; the options are tools, name, version, route, allowedHosts');
  });
});
