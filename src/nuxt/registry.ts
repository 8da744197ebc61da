/**
 * `agntnTools.registry`: the app's entry for the MCP Registry, a `server.json`
 * naming the app's MCP route as a Streamable HTTP remote, written when the app
 * is built. The entry itself is ../publish/registry.ts's, the one the command
 * line's `bundle` writes, with its checks; this file adds what only the app
 * knows: the route's public URL (the site's origin, `app.baseURL`, then the
 * route) and the server's version.
 *
 * Where it goes: `server.json` in the app's folder, because that is where
 * `mcp-publisher publish` looks when run from the project, as the registry's
 * own workflows run it. Not in `.output`, which Nitro empties at every build
 * and which is the deployed server, not the published description of it.
 * `output` puts it elsewhere, still below the app's folder.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve } from "node:path";
import { ToolDefinitionError } from "../core/errors.ts";
import { checkOptionKeys } from "../core/options.ts";
import { quote } from "../core/sanitize.ts";
import { registryEntry } from "../publish/registry.ts";

export interface RegistryModuleOptions {
  /** The entry's name in the registry, reverse-DNS with one slash: `io.github.you/tools` or `com.example/tools`. */
  name: string;
  /**
   * Where the app is served, as an origin: `https://tools.example.com`. The remote's URL is this, then
   * `app.baseURL`, then the route (`https://tools.example.com/mcp`). Default: the origin of the site URL the app
   * declares (`site.url`, as Docus and nuxt-site-config do, or `runtimeConfig.public.siteUrl`).
   */
  siteUrl?: string;
  /** What the server does, for people choosing one: 1 to 100 characters. Default: the app's package.json `description`. */
  description?: string;
  /** A display name, at most 100 characters. */
  title?: string;
  /** The project's home page or docs. */
  websiteUrl?: string;
  /** The source, e.g. `{ url: "https://github.com/you/tools", source: "github" }`; `subfolder` for an app inside a monorepo. */
  repository?: { url: string; source: string; subfolder?: string };
  /** Where the file is written, from the app's folder. Default `server.json`. */
  output?: string;
}

const KEYS = ["name", "siteUrl", "description", "title", "websiteUrl", "repository", "output"] as const;
const REPOSITORY_KEYS = ["url", "source", "subfolder"] as const;
const WHERE = "agntnTools.registry";

/** What the app knows that the entry needs besides the option. */
export interface AppFacts {
  rootDir: string;
  /** The server's version, as the route announces it. */
  version: string;
  /** The app's `app.baseURL`. */
  baseURL: string;
  /** The route, e.g. `/mcp`. */
  route: string;
  /** The site URLs the app declares, first found first; used when `siteUrl` is not given. */
  declaredSiteUrls: readonly unknown[];
  /** package.json's `description`, the default description. */
  packageDescription: unknown;
}

/** What is written: the file's path and its text. */
export interface RegistryFile {
  path: string;
  text: string;
  /** The remote's URL, for the build's log line. */
  url: string;
}

/** An origin from the option (which must be one) or from a declared site URL (whose origin is taken). */
function originOf(given: unknown, declared: readonly unknown[]): { origin: string } | { problem: string } {
  if (given !== undefined) {
    const url = typeof given === "string" && URL.canParse(given) ? new URL(given) : undefined;
    const plain = url && (url.protocol === "https:" || url.protocol === "http:") && url.pathname === "/" && !url.search && !url.hash;
    if (!url || !plain || url.username || url.password) {
      return {
        problem: `siteUrl must be the app's public origin, such as "https://tools.example.com" (app.baseURL and the route are added to it), got ${typeof given === "string" ? quote(given) : typeof given}`,
      };
    }
    return { origin: url.origin };
  }
  for (const candidate of declared) {
    if (typeof candidate !== "string" || !URL.canParse(candidate)) continue;
    const url = new URL(candidate);
    if (url.protocol === "https:" || url.protocol === "http:") return { origin: url.origin };
  }
  return {
    problem: `siteUrl is needed: the app's public origin, such as "https://tools.example.com" (or declare site.url or runtimeConfig.public.siteUrl)`,
  };
}

/** The route's public URL: the origin, then `app.baseURL`, then the route, with single slashes between. */
export function routeUrl(origin: string, baseURL: string, route: string): string {
  const parts = [baseURL, route].flatMap((part) => part.split("/")).filter((part) => part !== "");
  return `${origin}/${parts.join("/")}`;
}

/**
 * The file `agntnTools.registry` asks for, checked: every problem is one line of one error, each starting with
 * `agntnTools.registry`. Called once the route is known; nothing is written here.
 */
export function registryFile(option: unknown, app: AppFacts): RegistryFile {
  checkOptionKeys(WHERE, option, KEYS);
  const given = option as Partial<RegistryModuleOptions>;
  checkOptionKeys(`${WHERE}.repository`, given.repository, REPOSITORY_KEYS);
  const problems: string[] = [];
  const site = originOf(given.siteUrl, app.declaredSiteUrls);
  if ("problem" in site) problems.push(site.problem);
  const output = given.output ?? "server.json";
  const path = typeof output === "string" && output.endsWith(".json") && !isAbsolute(output) ? resolve(app.rootDir, output) : undefined;
  if (path === undefined || relative(app.rootDir, path).startsWith("..")) {
    problems.push(`output must be the path of a .json file inside the app's folder, such as "server.json", got ${quote(String(output))}`);
  }
  const source = given.repository?.source;
  if (given.repository !== undefined && (typeof source !== "string" || source === "")) {
    problems.push(`repository.source must name where the code is hosted, such as "github"`);
  }
  const description = given.description ?? (typeof app.packageDescription === "string" ? app.packageDescription : undefined);
  const url = "origin" in site ? routeUrl(site.origin, app.baseURL, app.route) : "";
  let entry: Record<string, unknown> | undefined;
  try {
    entry = registryEntry(
      {
        name: given.name as string,
        version: app.version,
        description: description as string,
        title: given.title,
        websiteUrl: given.websiteUrl,
        repository: given.repository,
        // Checked by its own line above when there is no origin; the entry's own URL check is then left out.
        remote: { url: url || "https://origin.invalid/" },
      },
      WHERE,
    );
  } catch (error) {
    if (!(error instanceof ToolDefinitionError)) throw error;
    problems.unshift(...error.message.split("\n").map((line) => line.slice(WHERE.length + 2)));
  }
  if (problems.length > 0 || entry === undefined) {
    throw new ToolDefinitionError(problems.map((line) => `${WHERE}: ${line}`).join("\n"));
  }
  return { path: path as string, text: `${JSON.stringify(entry, null, 2)}\n`, url };
}

/** Writes the file, making its folder when needed. */
export function writeRegistryFile(file: RegistryFile): void {
  mkdirSync(dirname(file.path), { recursive: true });
  writeFileSync(file.path, file.text);
}
