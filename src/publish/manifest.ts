/**
 * The `manifest.json` of an MCP Bundle (MCPB manifest 0.4, the version
 * `@anthropic-ai/mcpb` 2.x writes), from a program's own info and tools: a
 * Node server under `server/`, started over stdio with its `mcp` command,
 * its settings as `user_config` passed in as environment variables.
 *
 * MCPB's tool entries hold a name and a description only (the schema refuses
 * any other key); a tool's title is what the server itself lists over MCP.
 */
import { ToolDefinitionError } from "../core/errors.ts";
import { type BundleSetting, bundleEnvironment, userConfig } from "./settings.ts";

export const MANIFEST_VERSION = "0.4";

export type Platform = "darwin" | "linux" | "win32";
export const PLATFORMS: readonly Platform[] = ["darwin", "linux", "win32"];

export interface Author {
  name: string;
  email?: string;
  url?: string;
}

export interface ManifestFields {
  name: string;
  /** The name a host shows, when it differs from `name`. */
  displayName?: string | undefined;
  version: string;
  description: string;
  author: Author;
  /** The program's file, relative to the bundle's `server/` folder, with `/` between folders. */
  entry: string;
  /** The words after the program that start its MCP server. */
  args: readonly string[];
  tools: ReadonlyArray<{ name: string; description: string }>;
  settings: ReadonlyMap<string, BundleSetting>;
  platforms: readonly Platform[];
  /** A semver range of Node the program runs on. */
  node: string;
  license?: string | undefined;
  homepage?: string | undefined;
  repository?: { type: string; url: string } | undefined;
  keywords?: readonly string[] | undefined;
  /** The icon's path inside the bundle. */
  icon?: string | undefined;
}

/** Reads package.json's `author`: `"Name <email> (url)"` or `{ name, email, url }`. */
export function parseAuthor(value: unknown): Author | undefined {
  if (typeof value === "string") {
    const match = /^\s*([^<(]*?)\s*(?:<([^>]*)>)?\s*(?:\(([^)]*)\))?\s*$/.exec(value);
    const name = match?.[1]?.trim();
    if (!name) return undefined;
    return { name, ...(match?.[2] ? { email: match[2] } : {}), ...(match?.[3] ? { url: match[3] } : {}) };
  }
  if (typeof value === "object" && value !== null && typeof (value as { name?: unknown }).name === "string") {
    const { name, email, url } = value as { name: string; email?: unknown; url?: unknown };
    if (name.trim() === "") return undefined;
    return { name, ...(typeof email === "string" ? { email } : {}), ...(typeof url === "string" ? { url } : {}) };
  }
  return undefined;
}

/** The manifest for `fields`. Throws ToolDefinitionError when the entry path would leave the bundle. */
export function bundleManifest(fields: ManifestFields): Record<string, unknown> {
  if (fields.entry.startsWith("/") || fields.entry.split("/").includes("..") || fields.entry.includes("\\")) {
    throw new ToolDefinitionError(`bundle: the program's file ${fields.entry} is not inside the package`);
  }
  const entryPoint = `server/${fields.entry}`;
  const env = bundleEnvironment(fields.settings);
  const config = userConfig(fields.settings);
  return {
    manifest_version: MANIFEST_VERSION,
    name: fields.name,
    ...(fields.displayName === undefined ? {} : { display_name: fields.displayName }),
    version: fields.version,
    description: fields.description,
    author: fields.author,
    ...(fields.repository === undefined ? {} : { repository: fields.repository }),
    ...(fields.homepage === undefined ? {} : { homepage: fields.homepage }),
    ...(fields.icon === undefined ? {} : { icon: fields.icon }),
    server: {
      type: "node",
      entry_point: entryPoint,
      mcp_config: {
        command: "node",
        args: [`\${__dirname}/${entryPoint}`, ...fields.args],
        ...(Object.keys(env).length > 0 ? { env } : {}),
      },
    },
    tools: fields.tools.map((tool) => ({ name: tool.name, description: tool.description })),
    ...(fields.keywords === undefined || fields.keywords.length === 0 ? {} : { keywords: [...fields.keywords] }),
    ...(fields.license === undefined ? {} : { license: fields.license }),
    compatibility: { platforms: [...fields.platforms], runtimes: { node: fields.node } },
    ...(Object.keys(config).length > 0 ? { user_config: config } : {}),
  };
}
