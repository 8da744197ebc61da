/**
 * The Nuxt module without a build: its meta, what it does to an app's options
 * when loaded by Nuxt (toolkit installed, asyncContext switched on and said
 * once, the toolkit's Origin list taken as the route's), the toolkit's tool
 * names and which paths the route answers. test/nuxt.test.ts serves built apps.
 */
import { fileURLToPath } from "node:url";
import agntnTools from "@agntn/tools/nuxt";
import { loadNuxt, logger } from "@nuxt/kit";
import { afterAll, describe, expect, it } from "vitest";
import publishingConfig from "../docs/examples/publishing-nuxt.ts";
import { isManyInstancePreset } from "../src/nuxt/presets.ts";
import { registryFile, routeUrl } from "../src/nuxt/registry.ts";
import { placeOf } from "../src/nuxt/runtime/route-path.ts";
import { registeredName } from "../src/nuxt/runtime/toolkit-names.ts";
import { hostnameOf } from "../src/protocol/hosts.ts";

describe("the module's meta", () => {
  it("names itself, its config key and the Nuxt it needs", async () => {
    expect(await agntnTools.getMeta?.()).toEqual({ name: "@agntn/tools", configKey: "agntnTools", compatibility: { nuxt: ">=4.0.0" } });
  });
});

describe("loading an app that turned the toolkit's sessions and asyncContext off and never added the toolkit", () => {
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

  it("installs the toolkit, switches asyncContext on and says so once, and fills the route, leaving the toolkit's name and version its own", async () => {
    logger.addReporter(reporter);
    nuxt = await loadNuxt({ cwd: fileURLToPath(new URL("./fixtures/nuxt-off", import.meta.url)), ready: true, dev: false });
    const options = nuxt.options as unknown as Record<string, Record<string, unknown>>;
    expect(nuxt.options._installedModules.map((m) => m.meta?.name)).toEqual(
      expect.arrayContaining(["@agntn/tools", "@nuxtjs/mcp-toolkit"]),
    );
    // The route keeps its own sessions: the toolkit's setting is the app's to make, for the toolkit's own handlers.
    expect(options.mcp?.sessions).toEqual({ enabled: false, maxSessions: 5 });
    expect(options.mcp?.route).toBe("/agent-mcp");
    // The toolkit's defaults stay: its own named handlers announce what they did without the module.
    expect(options.mcp?.name).toBeUndefined();
    expect(options.mcp?.version).toBeUndefined();
    expect((nuxt.options.nitro.experimental as Record<string, unknown>).asyncContext).toBe(true);
    // The toolkit's Origin list is the route's, since the route is where its tools are served now.
    const template = (nuxt.options.nitro.virtual as Record<string, () => string>)["#agntn-tools/config.mjs"];
    const config = JSON.parse((template?.() ?? "").replace(/^export default /, "").replace(/;\n$/, ""));
    expect(config.allowedOrigins).toEqual(["https://app.example.com"]);
    const ours = logs.filter((entry) => entry.tag === "@agntn/tools");
    expect(ours).toEqual([
      {
        type: "warn",
        tag: "@agntn/tools",
        text: "`nitro.experimental.asyncContext` was off; switched on, because toolkit tools (Docus's page tools among them) read the request through `useEvent()`.",
      },
    ]);
  });
});

describe("the toolkit's tool names", () => {
  it.each([
    { entry: { name: "list-pages" }, name: "list-pages" },
    { entry: { _meta: { filename: "getPage.ts" } }, name: "get-page" },
    { entry: { _meta: { filename: "my_tool.mjs" } }, name: "my-tool" },
    { entry: { name: "", _meta: { filename: "x.js" } }, name: "x" },
    { entry: {}, name: undefined },
  ])("reads the registered name of $entry as $name", ({ entry, name }) => {
    expect(registeredName(entry)).toBe(name);
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

describe("what the route answers", () => {
  const named = new Set(["admin"]);
  it.each([
    { path: "/mcp", route: "/mcp", place: "route" },
    { path: "/mcp/", route: "/mcp", place: "route" },
    { path: "/mcp?x=1", route: "/mcp", place: "route" },
    { path: "/agent-mcp", route: "/agent-mcp/", place: "route" },
    { path: "/mcp/admin", route: "/mcp", place: "named" },
    { path: "/mcp/admin?x=1", route: "/mcp", place: "named" },
    { path: "/mcp/deeplink", route: "/mcp", place: undefined },
    { path: "/mcp/badge.svg", route: "/mcp", place: undefined },
    { path: "/mcp/admin/x", route: "/mcp", place: undefined },
    { path: "/mcpx", route: "/mcp", place: undefined },
    { path: "/", route: "/mcp", place: undefined },
  ])("takes $path on $route as $place", ({ path, route, place }) => {
    expect(placeOf(path, route, named)).toBe(place);
  });
});

describe("a misspelt module option", () => {
  it("stops the app at load, naming the key and the accepted ones", async () => {
    await expect(
      loadNuxt({ cwd: fileURLToPath(new URL("./fixtures/nuxt-typo", import.meta.url)), ready: true, dev: false }),
    ).rejects.toMatchObject({
      message:
        'agntnTools: unknown option "allowedHost"; the options are tools, name, version, route, allowedHosts, allowedOrigins, auth, middleware, resources, prompts, bus, cacheHints, sessionIdleMs, maxSessions, maxSessionsPerCaller, tasks, registry',
    });
  });
});

describe("agntnTools.cacheHints", () => {
  // nuxt-off with the hints laid over its own options: loaded, not built.
  const load = (cacheHints: unknown) =>
    loadNuxt({
      cwd: fileURLToPath(new URL("./fixtures/nuxt-off", import.meta.url)),
      overrides: { agntnTools: { cacheHints } } as never,
      ready: true,
      dev: false,
    });

  it.each([
    {
      hints: { "tools/call": { ttlMs: 1000 } },
      line: 'agntnTools: cacheHints: unknown method "tools/call"; the methods are tools/list, resources/list, resources/templates/list, resources/read, prompts/list',
    },
    {
      hints: { "resources/list": { ttlMs: -1 } },
      line: 'agntnTools: cacheHints["resources/list"]: ttlMs must be a whole number of milliseconds, 0 or more',
    },
    { hints: { "prompts/list": { scope: "shared" } }, line: 'agntnTools: cacheHints["prompts/list"]: scope must be "public" or "private"' },
    {
      hints: { "tools/list": { ttl: 5 } },
      line: 'agntnTools: cacheHints["tools/list"]: unknown key "ttl"; the keys are ttlMs, scope',
    },
    { hints: ["tools/list"], line: "agntnTools: cacheHints must be an object keyed by method" },
  ])("refuses $hints at load, in createMcpHttpHandler's words", async ({ hints, line }) => {
    await expect(load(hints)).rejects.toMatchObject({ message: line });
  });

  it("hands valid hints to the route as written", async () => {
    const nuxt = await load({ "resources/list": { ttlMs: 300_000, scope: "public" } });
    try {
      const template = (nuxt.options.nitro.virtual as Record<string, () => string>)["#agntn-tools/config.mjs"];
      const config = JSON.parse((template?.() ?? "").replace(/^export default /, "").replace(/;\n$/, ""));
      expect(config.cacheHints).toEqual({ "resources/list": { ttlMs: 300000, scope: "public" } });
    } finally {
      await nuxt.close();
    }
  });
});

describe("agntnTools.sessionIdleMs, maxSessions and maxSessionsPerCaller", () => {
  const load = (options: Record<string, unknown>) =>
    loadNuxt({
      cwd: fileURLToPath(new URL("./fixtures/nuxt-off", import.meta.url)),
      overrides: { agntnTools: options } as never,
      ready: true,
      dev: false,
    });

  it.each([
    { options: { sessionIdleMs: 0 }, line: "agntnTools: sessionIdleMs must be a whole number above 0" },
    { options: { sessionIdleMs: "60000" }, line: "agntnTools: sessionIdleMs must be a whole number above 0" },
    { options: { maxSessions: 1.5 }, line: "agntnTools: maxSessions must be a whole number above 0" },
    { options: { maxSessionsPerCaller: -3 }, line: "agntnTools: maxSessionsPerCaller must be a whole number above 0" },
  ])("refuses $options at load, in createMcpHttpHandler's words", async ({ options, line }) => {
    await expect(load(options)).rejects.toMatchObject({ message: line });
  });

  it("hands the limits to the route as written", async () => {
    const nuxt = await load({ sessionIdleMs: 120_000, maxSessions: 50 });
    try {
      const template = (nuxt.options.nitro.virtual as Record<string, () => string>)["#agntn-tools/config.mjs"];
      const config = JSON.parse((template?.() ?? "").replace(/^export default /, "").replace(/;\n$/, ""));
      expect([config.sessionIdleMs, config.maxSessions, config.maxSessionsPerCaller]).toEqual([120000, 50, undefined]);
    } finally {
      await nuxt.close();
    }
  });
});

describe("agntnTools.auth.hideOutOfScope", () => {
  const load = (auth: Record<string, unknown>) =>
    loadNuxt({
      cwd: fileURLToPath(new URL("./fixtures/nuxt-off", import.meta.url)),
      overrides: { agntnTools: { auth } } as never,
      ready: true,
      dev: false,
    });
  const configOf = (nuxt: Awaited<ReturnType<typeof load>>) => {
    const template = (nuxt.options.nitro.virtual as Record<string, () => string>)["#agntn-tools/config.mjs"];
    return JSON.parse((template?.() ?? "").replace(/^export default /, "").replace(/;\n$/, ""));
  };

  it.each([
    { auth: { hideOutOfScope: "yes" }, line: 'agntnTools.auth: hideOutOfScope must be true or false, got "yes"' },
    { auth: { hideOutOfScope: 1 }, line: "agntnTools.auth: hideOutOfScope must be true or false, got 1" },
  ])("refuses $auth at load", async ({ auth, line }) => {
    await expect(load(auth)).rejects.toMatchObject({ message: line });
  });

  it("hands true to the route, and leaves the key out when false", async () => {
    const on = await load({ hideOutOfScope: true });
    try {
      expect(configOf(on).hideOutOfScope).toBe(true);
    } finally {
      await on.close();
    }
    const off = await load({ hideOutOfScope: false });
    try {
      expect("hideOutOfScope" in configOf(off)).toBe(false);
    } finally {
      await off.close();
    }
  });
});

describe("agntnTools.tasks", () => {
  const load = (tasks: unknown) =>
    loadNuxt({
      cwd: fileURLToPath(new URL("./fixtures/nuxt-off", import.meta.url)),
      overrides: { agntnTools: { tasks } } as never,
      ready: true,
      dev: false,
    });
  const configOf = (nuxt: Awaited<ReturnType<typeof load>>) => {
    const template = (nuxt.options.nitro.virtual as Record<string, () => string>)["#agntn-tools/config.mjs"];
    return JSON.parse((template?.() ?? "").replace(/^export default /, "").replace(/;\n$/, ""));
  };

  it.each([
    { tasks: { leaseMs: 0 }, line: "agntnTools.tasks: leaseMs must be a whole number above 0" },
    { tasks: { ttlMs: "3600000" }, line: "agntnTools.tasks: ttlMs must be a whole number above 0" },
    { tasks: { pollIntervalMs: 2.5 }, line: "agntnTools.tasks: pollIntervalMs must be a whole number above 0" },
    { tasks: { maxTasks: -1 }, line: "agntnTools.tasks: maxTasks must be a whole number above 0" },
    { tasks: { maxTasksPerCaller: null }, line: "agntnTools.tasks: maxTasksPerCaller must be a whole number above 0" },
    {
      tasks: { lease: 5000 },
      line: 'agntnTools.tasks: unknown option "lease"; the options are mount, ttlMs, pollIntervalMs, leaseMs, maxTasks, maxTasksPerCaller',
    },
    { tasks: { mount: "" }, line: 'agntnTools.tasks: mount must be a storage mount name (1-64 letters, digits, _, -, . and :), got ""' },
    {
      tasks: { mount: "redis/tasks" },
      line: 'agntnTools.tasks: mount must be a storage mount name (1-64 letters, digits, _, -, . and :), got "redis/tasks"',
    },
    { tasks: 5000, line: "agntnTools.tasks: options must be an object" },
  ])("refuses $tasks at load", async ({ tasks, line }) => {
    await expect(load(tasks)).rejects.toMatchObject({ message: line });
  });

  it("hands the settings to the route with the mount filled in, and leaves the key out when not set", async () => {
    const given = await load({ leaseMs: 3000, maxTasks: 20 });
    try {
      expect(configOf(given).tasks).toEqual({ mount: "agntn-tasks", leaseMs: 3000, maxTasks: 20 });
    } finally {
      await given.close();
    }
    const named = await load({ mount: "redis" });
    try {
      expect(configOf(named).tasks).toEqual({ mount: "redis" });
    } finally {
      await named.close();
    }
    const none = await load(undefined);
    try {
      expect("tasks" in configOf(none)).toBe(false);
    } finally {
      await none.close();
    }
  });
});

describe("agntnTools.registry", () => {
  // nuxt-off (route /agent-mcp, no site URL declared) with the entry laid over its options: loaded, not built.
  const load = (registry: unknown) =>
    loadNuxt({
      cwd: fileURLToPath(new URL("./fixtures/nuxt-off", import.meta.url)),
      overrides: { agntnTools: { registry } } as never,
      ready: true,
      dev: false,
    });
  const fine = { name: "io.github.agntn/off", siteUrl: "https://tools.example.com", description: "Tools of the off app." };

  it.each([
    {
      registry: { ...fine, name: "agntn tools" },
      line: 'agntnTools.registry: name "agntn tools" is not a registry name: reverse-DNS with one slash, such as "io.github.you/server"',
    },
    {
      registry: { ...fine, description: "A".repeat(101) },
      line: "agntnTools.registry: description has 101 characters; the registry takes at most 100",
    },
    {
      registry: { ...fine, url: "https://tools.example.com/mcp" },
      line: 'agntnTools.registry: unknown option "url"; the options are name, siteUrl, description, title, websiteUrl, repository, output',
    },
    {
      registry: { name: fine.name, description: fine.description },
      line: 'agntnTools.registry: siteUrl is needed: the app\'s public origin, such as "https://tools.example.com" (or declare site.url or runtimeConfig.public.siteUrl)',
    },
    {
      registry: { ...fine, siteUrl: "https://tools.example.com/mcp" },
      line: 'agntnTools.registry: siteUrl must be the app\'s public origin, such as "https://tools.example.com" (app.baseURL and the route are added to it), got "https://tools.example.com/mcp"',
    },
    {
      registry: { ...fine, output: "../server.json" },
      line: 'agntnTools.registry: output must be the path of a .json file inside the app\'s folder, such as "server.json", got "../server.json"',
    },
    {
      registry: { ...fine, repository: { url: "https://github.com/agntn/off" } },
      line: 'agntnTools.registry: repository.source must name where the code is hosted, such as "github"',
    },
    {
      registry: { ...fine, repository: { url: "https://github.com/agntn/off", source: "github", branch: "main" } },
      line: 'agntnTools.registry.repository: unknown option "branch"; the options are url, source, subfolder',
    },
    { registry: "io.github.agntn/off", line: "agntnTools.registry: options must be an object" },
    {
      registry: { name: "off", siteUrl: "ftp://tools.example.com", description: "", websiteUrl: "example.com" },
      line: [
        'agntnTools.registry: name "off" is not a registry name: reverse-DNS with one slash, such as "io.github.you/server"',
        "agntnTools.registry: description must be a non-empty string",
        'agntnTools.registry: websiteUrl must be an http or https URL, got "example.com"',
        'agntnTools.registry: siteUrl must be the app\'s public origin, such as "https://tools.example.com" (app.baseURL and the route are added to it), got "ftp://tools.example.com"',
      ].join("\n"),
    },
  ])("refuses $registry at load, one line per problem", async ({ registry, line }) => {
    await expect(load(registry)).rejects.toMatchObject({ message: line });
  });
});

describe("the registry entry's defaults", () => {
  const app = { rootDir: "/srv/app", version: "2.0.0", baseURL: "/", route: "/mcp", declaredSiteUrls: [], packageDescription: undefined };

  it.each([
    { origin: "https://tools.example.com", baseURL: "/", route: "/mcp", url: "https://tools.example.com/mcp" },
    { origin: "https://tools.example.com", baseURL: "/tools/", route: "/agent-mcp/", url: "https://tools.example.com/tools/agent-mcp" },
    { origin: "http://127.0.0.1:3000", baseURL: "//a//", route: "b", url: "http://127.0.0.1:3000/a/b" },
  ])("puts $origin, $baseURL and $route together as $url", ({ origin, baseURL, route, url }) => {
    expect(routeUrl(origin, baseURL, route)).toBe(url);
  });

  it("takes the origin of the site URL the app declares, package.json's description, and server.json in the app's folder", () => {
    const file = registryFile(
      { name: "com.example/docs" },
      { ...app, declaredSiteUrls: [undefined, "", "https://docs.example.com/guide/"], packageDescription: "The docs, with tools." },
    );
    expect(file).toEqual({
      path: "/srv/app/server.json",
      url: "https://docs.example.com/mcp",
      text: `{
  "$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
  "name": "com.example/docs",
  "description": "The docs, with tools.",
  "version": "2.0.0",
  "remotes": [
    {
      "type": "streamable-http",
      "url": "https://docs.example.com/mcp"
    }
  ]
}
`,
    });
  });

  it("writes where output says, below the app's folder, and the option's description wins over package.json's", () => {
    const file = registryFile(
      { name: "com.example/docs", siteUrl: "https://tools.example.com", description: "Given here.", output: "publish/server.json" },
      { ...app, packageDescription: "From package.json." },
    );
    expect([file.path, JSON.parse(file.text).description]).toEqual(["/srv/app/publish/server.json", "Given here."]);
  });

  it("refuses a version range from the app's version, in the registry's words", () => {
    expect(() =>
      registryFile({ name: "com.example/docs", siteUrl: "https://tools.example.com", description: "D." }, { ...app, version: "^2.0.0" }),
    ).toThrow('agntnTools.registry: version "^2.0.0" is a range; the registry takes one exact version');
  });
});

describe("the Publishing page's Nuxt example", () => {
  it("makes the server.json the page shows", () => {
    const options = publishingConfig.agntnTools as { version: string; registry: unknown };
    const app = {
      rootDir: "/srv/slugs",
      version: options.version,
      baseURL: "/",
      route: "/mcp",
      declaredSiteUrls: [],
      packageDescription: undefined,
    };
    expect(registryFile(options.registry, app).text).toBe(`{
  "$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
  "name": "io.github.ada/slugs",
  "title": "Slugs",
  "description": "Turns titles into URL slugs.",
  "version": "1.2.0",
  "repository": {
    "url": "https://github.com/ada/slugs",
    "source": "github"
  },
  "remotes": [
    {
      "type": "streamable-http",
      "url": "https://slugs.example.com/mcp"
    }
  ]
}
`);
  });
});
