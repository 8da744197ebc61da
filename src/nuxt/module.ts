/**
 * @agntn/tools/nuxt — one line in nuxt.config gives the app's tools an MCP
 * route, on @nuxtjs/mcp-toolkit:
 *
 *   modules: ["@agntn/tools/nuxt"],
 *   agntnTools: { tools: "~~/server/tools" },
 *
 * Route strategy: the tools join the toolkit's default route (`mcp.route`,
 * `/mcp`) beside whatever the toolkit serves there already, such as a Docus
 * site's `list-pages` and `get-page`. A name both sides use stays with the
 * toolkit's tool and is reported at the first request (see
 * runtime/route-tools.ts).
 *
 * The route itself is this package's HTTP handler, the one
 * `createMcpHttpHandler` is (runtime/route.ts): both protocol revisions on
 * one path, 2025-11-25 sessions in process memory owned by the caller that
 * opened them, 2026-07-28 answered statelessly on any number of instances,
 * and one request path (Host and Origin, token, bounded body, scope at
 * dispatch) for every tool on it, the toolkit's included. On presets that
 * run many short-lived instances, 2025 requests are answered statelessly too.
 * Tools with `task` run as MCP tasks kept in Nitro's storage at the mount
 * `agntn-tasks` (`agntnTools.tasks`): memory unless the app mounts a shared
 * driver there, which makes them work across instances.
 *
 * It installs the toolkit when the app has not (the toolkit still defines
 * and resolves its own tools, and serves its named handlers and pages), and
 * switches on `nitro.experimental.asyncContext`, which toolkit tools such as
 * Docus's read the request through. Everything it adds runs on the server;
 * nothing reaches the browser bundle.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  addServerHandler,
  addServerImports,
  addServerPlugin,
  addServerTemplate,
  addVitePlugin,
  defineNuxtModule,
  directoryToURL,
  resolvePath,
  type tryUseNuxt,
  useLogger,
} from "@nuxt/kit";
import { withoutStack } from "../core/errors.ts";
import { checkOptionKeys } from "../core/options.ts";
import { type CacheHints, checkCacheHints } from "../protocol/cache-hints.ts";
import { LOCAL_HOSTS } from "../protocol/hosts.ts";
import { SESSION_LIMIT_OPTIONS, sessionLimits } from "../protocol/session-limits.ts";
import { taskLimits } from "../protocol/task-limits.ts";
import { createViewBundler } from "../views/bundle.ts";
import { viewsPlugin } from "../views/transform.ts";
import { nodeVersionProblem } from "./node-version.ts";
import { isManyInstancePreset } from "./presets.ts";
import { type RegistryFile, type RegistryModuleOptions, registryFile, writeRegistryFile } from "./registry.ts";
import type { RuntimeFile } from "./runtime-files.ts";
import { toolkitFoundNothing, toolkitNotice } from "./toolkit-notice.ts";

/** The Nuxt instance, typed through @nuxt/kit (our peer) rather than @nuxt/schema. */
type Nuxt = NonNullable<ReturnType<typeof tryUseNuxt>>;

export interface ModuleOptions {
  /** Module exporting the tool list as `tools`, e.g. `"~~/server/tools"`. */
  tools: string;
  /** Server name in `initialize` and in unknown-tool texts; defaults to the app's package.json name. */
  name?: string;
  /** Server version; defaults to the app's package.json version. */
  version?: string;
  /** The MCP route; sets the toolkit's `mcp.route` (default `/mcp`), so page tools move along with it. */
  route?: string;
  /**
   * Host names the MCP route answers; any other `Host` gets 403, which stops DNS rebinding. Default:
   * this machine's names (`localhost`, `127.0.0.1`, `[::1]`) plus the host of the site URL when the
   * app declares one (`site.url`, as Docus and nuxt-site-config do, or `runtimeConfig.public.siteUrl`).
   * `"any"` answers every host. At run time `NUXT_AGNTN_TOOLS_ALLOWED_HOSTS` (a JSON list or commas)
   * takes the place of this list.
   */
  allowedHosts?: string[] | "any";
  /**
   * Origins a browser page may call the route from, whole (scheme, host and
   * port: `https://app.example.com`), besides the route's own origin. Default:
   * the toolkit's `mcp.security.allowedOrigins` when the app sets it, else
   * none. `"any"` lets every page in. At run time
   * `NUXT_AGNTN_TOOLS_ALLOWED_ORIGINS` (a JSON list or commas) takes its place.
   */
  allowedOrigins?: string[] | "any";
  /**
   * OAuth 2.1 authorization for the route: every request needs an access
   * token for `audience`, each tool call the scope of its effect. The values
   * land in server-side runtime config, where NUXT_AGNTN_TOOLS_AUTH_* set
   * them at run time; none is a secret. `verifier` names a module exporting
   * its own `verifier` ({ verifyAccessToken }) for tokens that are not JWTs.
   */
  auth?: AuthModuleOptions;
  /**
   * A module exporting `middleware`, a list of middleware (`withMiddleware`'s)
   * for every call on the route (the app's tools and the toolkit's own) and
   * every read and get (the app's resources and prompts and the toolkit's),
   * e.g. `"~~/server/middleware-list"` exporting `[telemetry()]`.
   */
  middleware?: string;
  /** A module exporting `resources`, a list of `defineResource` definitions served on the route beside the toolkit's. */
  resources?: string;
  /** A module exporting `prompts`, a list of `definePrompt` definitions served on the route beside the toolkit's. */
  prompts?: string;
  /**
   * A module exporting `bus`, where resource updates are announced (the SDK's `ServerEventBus`: `publish`,
   * `subscribe`). Give one over a shared pub/sub when the app runs as several instances, so a client hears what any
   * of them announces. Default: one in this process's memory. Announce with `notifyMcpResourceUpdated(uri)`.
   */
  bus?: string;
  /**
   * 2026-07-28 caching hints per list and for reads, as `createMcpHttpHandler` takes them: `{ ttlMs, scope }` under
   * `tools/list`, `resources/list`, `resources/templates/list`, `resources/read` or `prompts/list`. Without one a
   * 2026 answer says `ttlMs: 0`, `private`: never reused, never shared. Checked when the app is built.
   */
  cacheHints?: CacheHints;
  /**
   * How long a 2025-11-25 session may sit unused before the route closes it, in milliseconds (default 30 minutes).
   * Some clients never end their session (Gemini CLI sends no DELETE), so a lower value reclaims theirs sooner.
   */
  sessionIdleMs?: number;
  /** The most 2025-11-25 sessions kept at once (default 1000). */
  maxSessions?: number;
  /** With authorization: the most 2025-11-25 sessions one caller may hold (default 100). */
  maxSessionsPerCaller?: number;
  /**
   * MCP tasks (tools with `task`, 2026-07-28): where they live and their limits, as `createTaskStore` takes them.
   * Tasks are kept in Nitro's storage at the mount `mount` (default `agntn-tasks`): mount a shared driver there
   * (Redis, a KV) and a task created on one instance is read, answered and cancelled through any of them. Nothing
   * mounted there: Nitro keeps it in this process's memory. Checked when the app is built.
   */
  tasks?: TaskModuleOptions;
  /**
   * Writes the app's entry for the MCP Registry when the app is built: a `server.json` in the app's folder naming
   * the route as a Streamable HTTP remote at its public URL, with this server's version. `name` is the registry
   * name (`io.github.you/tools`); the rest is optional or found in the app (see RegistryModuleOptions). Checked
   * when the app is loaded, one line per problem.
   */
  registry?: RegistryModuleOptions;
}

export interface TaskModuleOptions {
  /** The Nitro storage mount tasks are kept in (`useStorage(mount)`). Default `agntn-tasks`. */
  mount?: string;
  /** How long a task and its result are kept after it was created, in ms. Default one hour. */
  ttlMs?: number;
  /** How often a client is asked to poll, in ms. Default 1000. */
  pollIntervalMs?: number;
  /** How long a running task stays `working` without a sign of life from the instance running it, in ms. Default 30 s. */
  leaseMs?: number;
  /** The most tasks one instance runs at once. Default 1000. */
  maxTasks?: number;
  /** The most unfinished tasks one caller may hold across every instance. Default 100. */
  maxTasksPerCaller?: number;
}

/** The Nitro storage mount tasks are kept in unless `agntnTools.tasks.mount` names another. */
const TASKS_MOUNT = "agntn-tasks";

const TASK_KEYS = ["mount", "ttlMs", "pollIntervalMs", "leaseMs", "maxTasks", "maxTasksPerCaller"] as const;

/**
 * `agntnTools.tasks` checked now, in createTaskStore's words (a store is made and dropped: its checks are the ones
 * the route's store will pass), and the settings the route builds its store from; `undefined` when not given.
 */
function taskSettings(given: TaskModuleOptions | undefined): (TaskModuleOptions & { mount: string }) | undefined {
  if (given === undefined) return undefined;
  checkOptionKeys("agntnTools.tasks", given, TASK_KEYS);
  const { mount = TASKS_MOUNT, ...limits } = given;
  if (typeof mount !== "string" || !/^[A-Za-z0-9_.-][A-Za-z0-9_:.-]{0,63}$/.test(mount)) {
    throw new Error(
      `agntnTools.tasks: mount must be a storage mount name (1-64 letters, digits, _, -, . and :), got ${JSON.stringify(mount)}`,
    );
  }
  taskLimits(limits, "agntnTools.tasks");
  return { mount, ...limits };
}

export interface AuthModuleOptions {
  /** The issuer tokens come from; its keys are found through its discovery document unless `jwksUri` is given. */
  issuer?: string;
  /** The route's public URL, e.g. `https://example.com/mcp`: the audience tokens must be minted for. */
  audience?: string;
  jwksUri?: string;
  /** The issuers the metadata lists; default: `issuer`. */
  authorizationServers?: string[];
  /** Renames the scope each effect needs (default `tools:read`, `tools:write`, `tools:destructive`). */
  scopes?: { read?: string; write?: string; destructive?: string };
  resourceName?: string;
  /** A module exporting `verifier`, e.g. `"~~/server/verifier"`, used instead of the JWT verifier. */
  verifier?: string;
  /**
   * Leaves out of `tools/list` the tools whose effect the caller's token has no scope for (default `false`: every
   * tool is listed and a call above the scopes is refused). Fixed when the app is built.
   */
  hideOutOfScope?: boolean;
}

const AUTH_KEYS = [
  "issuer",
  "audience",
  "jwksUri",
  "authorizationServers",
  "scopes",
  "resourceName",
  "verifier",
  "hideOutOfScope",
] as const;

const TOOLKIT = "@nuxtjs/mcp-toolkit";

const logger = useLogger("@agntn/tools");

interface AppPackage {
  name?: string;
  version?: string;
  description?: string;
}

/** The nearest package.json at or above the app's root (a workspace app may keep its own, a single-package repo has one at the top). */
function readAppPackage(rootDir: string): AppPackage {
  let dir = resolve(rootDir);
  for (;;) {
    const file = join(dir, "package.json");
    if (existsSync(file)) {
      try {
        const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
        return typeof parsed === "object" && parsed !== null ? (parsed as AppPackage) : {};
      } catch {
        return {};
      }
    }
    const parent = dirname(dir);
    if (parent === dir) return {};
    dir = parent;
  }
}

/** Our options as written in nuxt.config (before defaults), read where the module system has not merged them yet. */
function writtenOptions(nuxt: Nuxt): Partial<ModuleOptions> {
  const written = (nuxt.options as unknown as Record<string, unknown>).agntnTools;
  return typeof written === "object" && written !== null ? (written as Partial<ModuleOptions>) : {};
}

/** The toolkit's defaults for its server's name and version: a value other than these was set by the app. */
const TOOLKIT_DEFAULT_NAME = "";
const TOOLKIT_DEFAULT_VERSION = "1.0.0";

/**
 * The route's name and version: this module's options first, then the
 * toolkit's `mcp.name` and `mcp.version` where the app set them, then
 * package.json, then a plain fallback. (The toolkit's own defaults, an empty
 * name and 1.0.0, say nothing of the app; the toolkit's options are left as
 * they are, so its named handlers keep the identity they had.)
 */
function serverIdentity(nuxt: Nuxt, options: Partial<ModuleOptions>): { name: string; version: string } {
  const pkg = readAppPackage(nuxt.options.rootDir);
  const mcp = ((nuxt.options as unknown as Record<string, unknown>).mcp ?? {}) as { name?: unknown; version?: unknown };
  const toolkitName = typeof mcp.name === "string" && mcp.name !== TOOLKIT_DEFAULT_NAME ? mcp.name : undefined;
  const toolkitVersion = typeof mcp.version === "string" && mcp.version !== TOOLKIT_DEFAULT_VERSION ? mcp.version : undefined;
  return {
    name: options.name ?? toolkitName ?? (typeof pkg.name === "string" && pkg.name !== "" ? pkg.name : "nuxt-app"),
    version: options.version ?? toolkitVersion ?? (typeof pkg.version === "string" && pkg.version !== "" ? pkg.version : "0.0.0"),
  };
}

/** The toolkit's own `mcp.security.allowedOrigins`, the default for the route's: `"*"` reads as `"any"`. */
function toolkitOrigins(nuxt: Nuxt): string[] | "any" | undefined {
  const mcp = (nuxt.options as unknown as Record<string, unknown>).mcp as { security?: { allowedOrigins?: unknown } } | undefined;
  const allowed = mcp?.security?.allowedOrigins;
  if (allowed === "*") return "any";
  return Array.isArray(allowed) ? allowed.filter((entry): entry is string => typeof entry === "string") : undefined;
}

/** The part of Nitro's config this module sets for Workers builds. */
interface NitroConfigSlice {
  preset?: string;
  alias?: Record<string, string>;
  rollupConfig?: { plugins?: unknown };
  handlers?: { handler?: unknown; middleware?: boolean; lazy?: boolean }[];
}

/**
 * A Rollup plugin for Workers builds. The toolkit (0.21) means to swap its
 * Code Mode executor for its Workers one with an alias, but its own code
 * imports the file by a relative path the alias never matches, so the Node
 * executor and its `secure-exec` import end up in the Workers build, where
 * wrangler's bundler and workerd cannot resolve them. This resolves that one
 * import to the Workers executor. `undefined` when the files are not there.
 */
function workersExecutor(toolkitDist: string): { name: string; resolveId(source: string, importer?: string): string | null } | undefined {
  const dir = join(toolkitDist, "runtime/server/mcp/codemode");
  const workers = join(dir, "executor.cloudflare.js");
  if (!existsSync(join(dir, "executor.js")) || !existsSync(workers)) return undefined;
  return {
    name: "agntn-tools:toolkit-workers-executor",
    resolveId(source, importer) {
      return source === "./executor.js" && importer !== undefined && dirname(importer) === dir ? workers : null;
    },
  };
}

/** The site URLs the app declares, first found first: Docus and nuxt-site-config's `site.url`, or `runtimeConfig.public.siteUrl`. */
function declaredSiteUrls(nuxt: Nuxt): unknown[] {
  const options = nuxt.options as unknown as { site?: { url?: unknown }; runtimeConfig: { public?: { siteUrl?: unknown } } };
  return [options.site?.url, options.runtimeConfig.public?.siteUrl, process.env.NUXT_PUBLIC_SITE_URL, process.env.NUXT_SITE_URL];
}

/** The host of the site URL the app declares, if any. */
function siteHosts(nuxt: Nuxt): string[] {
  const hosts: string[] = [];
  for (const url of declaredSiteUrls(nuxt)) {
    if (typeof url !== "string" || url === "") continue;
    try {
      hosts.push(new URL(url).hostname.toLowerCase());
    } catch {
      // Not a URL: nothing to add.
    }
  }
  return [...new Set(hosts)].filter((host) => !LOCAL_HOSTS.includes(host));
}

/**
 * Whether a package is installed where the app's build would find it: a
 * `node_modules/<name>` at the app's root or above. Looked up on disk rather
 * than resolved, since some packages export no entry a `require` could find.
 */
function hasPackage(name: string, rootDir: string): boolean {
  let dir = resolve(rootDir);
  for (;;) {
    if (existsSync(join(dir, "node_modules", name, "package.json"))) return true;
    const parent = dirname(dir);
    if (parent === dir) return false;
    dir = parent;
  }
}

/** The auth settings as runtime config holds them: the options' values, every key present (empty when unset). */
function authRuntimeConfig(options: AuthModuleOptions | undefined, given: unknown): Record<string, unknown> {
  const from = {
    ...(typeof given === "object" && given !== null ? (given as Record<string, unknown>) : {}),
    ...(options ?? {}),
  } as AuthModuleOptions;
  return {
    issuer: from.issuer ?? "",
    audience: from.audience ?? "",
    jwksUri: from.jwksUri ?? "",
    authorizationServers: from.authorizationServers ?? "",
    resourceName: from.resourceName ?? "",
    scopes: { read: from.scopes?.read ?? "", write: from.scopes?.write ?? "", destructive: from.scopes?.destructive ?? "" },
  };
}

/**
 * Hands the server runtime one named export of a module the app names in an
 * option (`#agntn-tools/<name>.mjs`), or `undefined` when the option is not
 * set. A path that resolves to no file stops the build, naming the option.
 */
async function exportFrom(
  option: string,
  given: string | undefined,
  name: "tools" | "verifier" | "middleware" | "resources" | "prompts" | "bus",
): Promise<void> {
  const path = given === undefined ? undefined : await resolvePath(given);
  if (path !== undefined && !existsSync(path)) {
    throw new Error(`@agntn/tools/nuxt: agntnTools.${option} is "${given}", but no file resolves from it (looked for ${path})`);
  }
  addServerTemplate({
    filename: `#agntn-tools/${name}.mjs`,
    getContents: () => (path ? `export { ${name} } from ${JSON.stringify(path)};\n` : `export const ${name} = undefined;\n`),
  });
}

/** The runtime file next to this module: `.ts` in the sources, `.js` once built (tsdown builds each of RUNTIME_FILES). */
function runtimeFile(name: RuntimeFile): string {
  for (const extension of [".ts", ".js", ".mjs"]) {
    const file = fileURLToPath(new URL(`./runtime/${name}${extension}`, import.meta.url));
    if (existsSync(file)) return file;
  }
  throw new Error(`@agntn/tools/nuxt: runtime file ${name} is missing next to the module`);
}

export default defineNuxtModule<ModuleOptions>({
  meta: {
    name: "@agntn/tools",
    configKey: "agntnTools",
    compatibility: { nuxt: ">=4.0.0" },
  },
  defaults: {
    tools: "~~/server/tools",
  },
  // Runs before any module's setup, whatever their order: installs the toolkit if missing and sets its options.
  moduleDependencies(nuxt: Nuxt) {
    // First of all: on an older Node the build would fail later with a far less helpful error.
    // No stack: the line is the whole message, and a trace through Nuxt's loader would bury it.
    const oldNode = nodeVersionProblem(process.versions.node);
    if (oldNode) throw withoutStack(() => new Error(oldNode));
    const written = writtenOptions(nuxt);
    const overrides: Record<string, unknown> = {};
    if (written.route) overrides.route = written.route;
    return { [TOOLKIT]: { version: ">=0.21.0 <1", overrides } };
  },
  async setup(options, nuxt) {
    checkOptionKeys("agntnTools", options, [
      "tools",
      "name",
      "version",
      "route",
      "allowedHosts",
      "allowedOrigins",
      "auth",
      "middleware",
      "resources",
      "prompts",
      "bus",
      "cacheHints",
      ...SESSION_LIMIT_OPTIONS,
      "tasks",
      "registry",
    ]);
    checkOptionKeys("agntnTools.auth", options.auth, AUTH_KEYS);
    const hideOutOfScope = options.auth?.hideOutOfScope;
    if (hideOutOfScope !== undefined && typeof hideOutOfScope !== "boolean") {
      throw new Error(`agntnTools.auth: hideOutOfScope must be true or false, got ${JSON.stringify(hideOutOfScope)}`);
    }
    await exportFrom("auth.verifier", options.auth?.verifier, "verifier");
    await exportFrom("middleware", options.middleware, "middleware");
    await exportFrom("resources", options.resources, "resources");
    await exportFrom("prompts", options.prompts, "prompts");
    await exportFrom("bus", options.bus, "bus");
    const found: string[] = [];
    const nitro = nuxt.options.nitro;
    nitro.experimental ??= {};
    // Typed loosely: Nitro's own option types are not part of @nuxt/kit's view.
    const experimental = nitro.experimental as Record<string, unknown>;
    if (experimental.asyncContext === false) {
      found.push(
        "`nitro.experimental.asyncContext` was off; switched on, because toolkit tools (Docus's page tools among them) read the request through `useEvent()`.",
      );
    }
    experimental.asyncContext = true;
    if (options.route && options.route !== writtenOptions(nuxt).route) {
      // moduleDependencies ran before inline options were known, so the toolkit never saw this route.
      found.push("`route` only takes effect under `agntnTools` in nuxt.config; set it there (or set `mcp.route`).");
    }
    for (const notice of found) logger.warn(notice);

    // The route answers 2026-07-28 with the MCP server SDK v2; say so at build time, not as an unresolved import.
    if (!hasPackage("@modelcontextprotocol/server", nuxt.options.rootDir)) {
      throw new Error(
        "@agntn/tools/nuxt answers MCP 2026-07-28 with @modelcontextprotocol/server, which this app does not have: npm install @modelcontextprotocol/server",
      );
    }
    // The handler's own check, so a hint is refused now in the words createMcpHttpHandler uses.
    checkCacheHints(options.cacheHints, "agntnTools");
    sessionLimits(options, "agntnTools");
    const tasks = taskSettings(options.tasks);
    const identity = serverIdentity(nuxt, options);
    await exportFrom("tools", options.tools, "tools");
    // The route is known once every module (the toolkit included) has set up its options.
    let route = "/mcp";
    let registry: RegistryFile | undefined;
    nuxt.hook("modules:done", () => {
      const mcp = (nuxt.options as unknown as Record<string, { route?: unknown } | undefined>).mcp;
      if (typeof mcp?.route === "string" && mcp.route !== "") route = mcp.route;
      // Checked on every load (dev and prepare too), so a bad entry is said before anyone builds.
      if (options.registry !== undefined) {
        registry = registryFile(options.registry, {
          rootDir: nuxt.options.rootDir,
          version: identity.version,
          baseURL: nuxt.options.app.baseURL,
          route,
          declaredSiteUrls: declaredSiteUrls(nuxt),
          packageDescription: readAppPackage(nuxt.options.rootDir).description,
        });
      }
      // Before the toolkit's own route handler: every request on the route is answered here (see runtime/route.ts).
      addServerHandler({ middleware: true, handler: runtimeFile("route") });
    });
    // Nitro's config is made after every modules:done hook, the toolkit's included, which warns when it found no definitions.
    nuxt.hook("nitro:config", () => {
      if (toolkitFoundNothing(nuxt.options.nitro.virtual)) logger.info(toolkitNotice(route, options.tools));
    });
    const toolkitEntry = await resolvePath(TOOLKIT);
    // Tools' views named by file are bundled into the code that names them, in the server bundle and the browser's (../views).
    const bundleView = createViewBundler({
      from: [pathToFileURL(toolkitEntry), directoryToURL(nuxt.options.rootDir)],
      scratch: join(nuxt.options.buildDir, "agntn-views"),
    });
    addVitePlugin(viewsPlugin(bundleView, nuxt.options.rootDir, "literal"));
    nuxt.hook("nitro:config", (given) => {
      const nitroConfig = given as NitroConfigSlice;
      nitroConfig.rollupConfig ??= {};
      const plugins = [nitroConfig.rollupConfig.plugins ?? []].flat();
      nitroConfig.rollupConfig.plugins = [...plugins, viewsPlugin(bundleView, nuxt.options.rootDir, "base64")];
    });
    // MCP SDK v1 as the toolkit itself resolves it (the same copy its definitions use, found even where a strict
    // package manager such as pnpm does not let this package see it): the route serves the toolkit's resources and
    // prompts through it (runtime/toolkit-catalog.ts).
    const sdkV1 = sdkV1Dist(toolkitEntry);
    nuxt.hook("nitro:config", (given) => {
      const nitroConfig = given as NitroConfigSlice;
      nitroConfig.alias ??= {};
      nitroConfig.alias["#agntn-tools/sdk-v1"] = sdkV1;
    });
    // The toolkit's Cloudflare transport imports `agents/mcp`; without `agents` installed the build would stop there.
    const toolkitDist = dirname(toolkitEntry);
    // The toolkit's handlers load when first used: the route answers every request on it before them, so an app
    // that serves only this module's tools never loads the toolkit's server (and MCP SDK v1 under it) at start-up.
    nuxt.hook("nitro:config", (given) => {
      for (const handler of (given as NitroConfigSlice).handlers ?? []) {
        if (!handler.middleware && typeof handler.handler === "string" && handler.handler.startsWith(toolkitDist)) handler.lazy = true;
      }
    });
    nuxt.hook("nitro:config", (given) => {
      const nitroConfig = given as NitroConfigSlice;
      const wanted = String(nitroConfig.preset || process.env.NITRO_PRESET || process.env.SERVER_PRESET || "");
      if (!wanted.includes("cloudflare")) return;
      nitroConfig.alias ??= {};
      if (!hasPackage("agents", nuxt.options.rootDir)) nitroConfig.alias["agents/mcp"] ??= runtimeFile("no-agents");
      const executor = workersExecutor(toolkitDist);
      if (executor) {
        nitroConfig.rollupConfig ??= {};
        nitroConfig.rollupConfig.plugins = [...[nitroConfig.rollupConfig.plugins ?? []].flat(), executor];
      }
    });
    // The preset is final once Nitro is made; templates are written after that.
    let preset = "node-server";
    nuxt.hook("nitro:init", (nitro) => {
      preset = String(nitro.options.preset);
      if (isManyInstancePreset(preset) && !nuxt.options.dev) {
        // A warning, not a note: a 2025 client there loses questions, which the app's author should hear of.
        logger.warn(
          `Preset \`${preset}\` may answer each request from another instance: 2025-11-25 clients are answered without sessions there (plain calls and progress; questions need 2026-07-28, which works on any instance).`,
        );
      }
    });
    // The key that signs 2026 question state: runtime config, so NUXT_AGNTN_TOOLS_REQUEST_STATE_KEY sets it at run time, never in the bundle.
    const runtimeConfig = nuxt.options.runtimeConfig as Record<string, unknown>;
    const ours = (runtimeConfig.agntnTools ?? {}) as Record<string, unknown>;
    runtimeConfig.agntnTools = {
      ...ours,
      requestStateKey: typeof ours.requestStateKey === "string" ? ours.requestStateKey : "",
      // Empty: the build's lists hold. NUXT_AGNTN_TOOLS_ALLOWED_HOSTS and _ORIGINS fill them at run time.
      allowedHosts: ours.allowedHosts ?? "",
      allowedOrigins: ours.allowedOrigins ?? "",
      // Every key declared, empty when unset, so NUXT_AGNTN_TOOLS_AUTH_* can set each at run time.
      auth: authRuntimeConfig(options.auth, ours.auth),
    };
    addServerTemplate({
      filename: "#agntn-tools/config.mjs",
      getContents: () =>
        `export default ${JSON.stringify({
          ...identity,
          // A name or version set here wins over the app's `defineMcpHandler`; otherwise the handler's does.
          identityGiven: { name: options.name !== undefined, version: options.version !== undefined },
          toolsPath: options.tools,
          route,
          allowedHosts: options.allowedHosts ?? [...LOCAL_HOSTS, ...siteHosts(nuxt)],
          allowedOrigins: options.allowedOrigins ?? toolkitOrigins(nuxt),
          preset,
          stateless: isManyInstancePreset(preset),
          // As written (checked above): the handler takes and checks them in this shape.
          ...(options.cacheHints === undefined ? {} : { cacheHints: options.cacheHints }),
          // Only when on: the route's auth then leaves out what the token's scopes cannot call.
          ...(hideOutOfScope === true ? { hideOutOfScope: true } : {}),
          // As written (checked above), for the handler, which checks them again where it starts.
          ...Object.fromEntries(SESSION_LIMIT_OPTIONS.filter((key) => options[key] !== undefined).map((key) => [key, options[key]])),
          // Checked above; without it the route keeps tasks at the default mount with the store's defaults.
          ...(tasks ? { tasks } : {}),
        })};\n`,
    });
    // Written by a production build only: a dev server describes no deployment.
    nuxt.hook("build:done", () => {
      if (!registry || nuxt.options.dev) return;
      writeRegistryFile(registry);
      logger.info(`Wrote ${relative(nuxt.options.rootDir, registry.path)} for the MCP Registry: the route at ${registry.url}`);
    });
    addServerPlugin(runtimeFile("tools-plugin"));
    // Server code announces a resource's change in one call, auto-imported like the toolkit's composables.
    addServerImports([{ name: "notifyMcpResourceUpdated", from: runtimeFile("resource-updates") }]);
  },
});

// Types `agntnTools` in nuxt.config.ts, as `nuxi prepare` would from the module's meta.
declare module "@nuxt/schema" {
  interface NuxtConfig {
    agntnTools?: Partial<ModuleOptions>;
  }
  interface NuxtOptions {
    agntnTools?: ModuleOptions;
  }
}

declare module "nuxt/schema" {
  interface NuxtConfig {
    agntnTools?: Partial<ModuleOptions>;
  }
  interface NuxtOptions {
    agntnTools?: ModuleOptions;
  }
}

/** The ESM folder of the MCP SDK v1 the toolkit depends on, resolved from the toolkit's own place. */
function sdkV1Dist(toolkitEntry: string): string {
  const resolved = createRequire(toolkitEntry).resolve("@modelcontextprotocol/sdk/server/mcp.js");
  return join(resolved.slice(0, resolved.lastIndexOf(`${sep}dist${sep}`)), "dist", "esm");
}
