/**
 * The `bundle` command: the program packs itself into an MCP Bundle
 * (`<name>-<version>.mcpb`, for Claude Desktop and every MCPB host) and
 * writes its `server.json` for the MCP Registry, both from the same tools and
 * info the program runs with, so neither can drift from the code.
 *
 * The program's file is the one Node is running (`process.argv[1]`); its
 * package is the nearest package.json above it. Loaded only when the command
 * runs.
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, realpath, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import process from "node:process";
import { ToolDefinitionError } from "../core/errors.ts";
import { quote, sanitizeLine } from "../core/sanitize.ts";
import { isRecord } from "../core/schema.ts";
import type { AnyTool, ServerInfo } from "../core/types.ts";
import { bundleManifest, PLATFORMS, parseAuthor } from "../publish/manifest.ts";
import { registryEntry } from "../publish/registry.ts";
import { type BundleSetting, checkSettings, registryVariables } from "../publish/settings.ts";
import { bundleFiles, inside, MissingDependencies, type PackageJson } from "./bundle-files.ts";
import type { BundleOptions } from "./bundle-options.ts";
import { type ZipEntry, zip } from "./zip.ts";

/** The Node this package runs on (package.json `engines.node`); a program's own `engines.node` takes its place. */
export const NODE_RANGE = ">=22.19.0";

export interface BundleProgram {
  name: string;
  version: string;
  description: string;
  info: ServerInfo;
  tools: readonly AnyTool[];
  options: BundleOptions;
}

/** The nearest folder at or above `dir` holding a package.json. */
async function packageRoot(dir: string): Promise<string | undefined> {
  for (let at = dir; ; at = dirname(at)) {
    if (
      await stat(join(at, "package.json")).then(
        (info) => info.isFile(),
        () => false,
      )
    )
      return at;
    if (dirname(at) === at) return undefined;
  }
}

/** The icon's place in the bundle, where MCPB hosts look for a local one. */
const ICON = "icon.png";
/** The eight bytes every PNG file begins with. */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The icon's bytes, or the line saying why it cannot be packed. */
async function readIcon(root: string, given: string): Promise<Buffer | string> {
  const file = resolve(root, given);
  if (inside(root, file) === undefined) return `bundle.icon ${quote(given)} is not inside the package`;
  const data = await readFile(file).catch(() => undefined);
  if (data === undefined) return `bundle.icon ${quote(given)} cannot be read: no such file in the package`;
  if (!data.subarray(0, 8).equals(PNG_SIGNATURE)) return `bundle.icon ${quote(given)} is not a PNG file`;
  return data;
}

/** package.json as an object (a byte-order mark, as some editors write, is read past), or the line saying why not. */
async function readPackageJson(file: string): Promise<PackageJson | string> {
  let value: unknown;
  try {
    value = JSON.parse((await readFile(file, "utf8")).replace(/^\uFEFF/, ""));
  } catch (error) {
    return `${file} is not JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
  return isRecord(value) ? (value as PackageJson) : `${file} is not a JSON object`;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/** package.json's `repository` as `{ url }` of a web page, or undefined. */
function repositoryUrl(value: unknown): string | undefined {
  const raw = typeof value === "string" ? value : isRecord(value) ? text(value.url) : undefined;
  if (raw === undefined) return undefined;
  const url = raw
    .replace(/^git\+/, "")
    .replace(/\.git$/, "")
    .replace(/^github:/, "https://github.com/");
  return /^https?:\/\//.test(url) ? url : undefined;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/**
 * Packs the program into `out` (made when missing). Resolves with the exit
 * code; every line it says goes through `say` (what was written) or `warn`
 * (why server.json was left out, or what stopped it).
 */
export async function writeBundle(
  program: BundleProgram,
  out: string,
  say: (line: string) => void,
  warn: (line: string) => void,
): Promise<number> {
  const where = `${sanitizeLine(program.name)} bundle`;
  const script = process.argv[1];
  const entryFile = script === undefined ? undefined : await realpath(script).catch(() => undefined);
  const root = entryFile === undefined ? undefined : await packageRoot(dirname(entryFile));
  if (entryFile === undefined || root === undefined) {
    warn(`${where}: cannot find the program's package: no package.json above ${quote(script ?? "(no script)")}`);
    return 1;
  }
  const entry = inside(root, entryFile)!;
  const json = await readPackageJson(join(root, "package.json"));
  if (typeof json === "string") {
    warn(`${where}: ${json}`);
    return 1;
  }
  const author = parseAuthor(program.options.author ?? json.author);
  if (author === undefined) {
    warn(`${where}: the bundle needs an author (hosts show who made it): set "author" in package.json or runCli's bundle.author`);
    return 1;
  }
  const settings = checkSettings(program.options.settings, "runCli: bundle.settings");
  const outDir = resolve(out);
  const outPath = inside(root, outDir);
  const leaveOut = (path: string) => path === outPath;
  let files: Awaited<ReturnType<typeof bundleFiles>>;
  try {
    files = await bundleFiles(root, json, entry, leaveOut);
  } catch (error) {
    if (!(error instanceof MissingDependencies)) throw error;
    for (const line of error.lines) warn(`${where}: ${line}`);
    return 1;
  }
  // This package's `mcp` command loads the MCP server SDK at run time: a bundle that holds the package without the SDK
  // would start and fail at once. A program built into one file (esbuild) holds neither, and needs neither.
  const holds = (name: string) => files.some((file) => file.path.endsWith(`node_modules/${name}/package.json`));
  if (holds("@agntn/tools") && !holds("@modelcontextprotocol/server")) {
    warn(
      `${where}: @modelcontextprotocol/server is not among the program's dependencies, and the mcp command needs it: add it to "dependencies"`,
    );
    return 1;
  }
  const icon = program.options.icon === undefined ? undefined : await readIcon(root, program.options.icon);
  if (typeof icon === "string") {
    warn(`${where}: ${icon}`);
    return 1;
  }
  const engines = isRecord(json.engines) ? text(json.engines.node) : undefined;
  const repository = repositoryUrl(json.repository);
  const manifest = bundleManifest({
    name: program.name,
    displayName: program.info.title,
    version: program.version,
    description: program.description,
    author,
    entry,
    args: ["mcp"],
    tools: program.tools.map((tool) => ({ name: tool.name, description: tool.description })),
    settings,
    platforms: program.options.platforms ?? PLATFORMS,
    node: engines ?? NODE_RANGE,
    license: text(json.license),
    homepage: text(json.homepage),
    repository: repository === undefined ? undefined : { type: "git", url: repository },
    keywords: Array.isArray(json.keywords) ? json.keywords.filter((word): word is string => typeof word === "string") : undefined,
    icon: icon === undefined ? undefined : ICON,
  });
  const entries: ZipEntry[] = [{ path: "manifest.json", data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), mode: 0o644 }];
  if (icon !== undefined) entries.push({ path: ICON, data: icon, mode: 0o644 });
  for (const file of files) {
    const info = await stat(file.source);
    entries.push({ path: `server/${file.path}`, data: await readFile(file.source), mode: info.mode & 0o111 ? 0o755 : 0o644 });
  }
  const archive = zip(entries);
  const sha256 = createHash("sha256").update(archive).digest("hex");
  // server.json is made and checked before anything is written: a refused entry leaves no half-made release behind.
  const registry = registryDocument(program, json, { settings, repository, sha256 }, where);
  if ("problems" in registry) {
    for (const line of registry.problems) warn(line);
    return 1;
  }
  await mkdir(outDir, { recursive: true });
  const bundleName = `${program.name}-${program.version}.mcpb`.replace(/[^A-Za-z0-9._-]/g, "-");
  await writeFile(join(outDir, bundleName), archive);
  say(`wrote ${join(out, bundleName)}: ${entries.length} files, ${megabytes(archive.length)}, sha256 ${sha256}`);
  if ("skipped" in registry) {
    warn(registry.skipped);
    return 0;
  }
  await writeFile(join(outDir, "server.json"), `${JSON.stringify(registry.document, null, 2)}\n`);
  say(`wrote ${join(out, "server.json")}: ${String(registry.document.name)} ${program.version}`);
  return 0;
}

/** server.json for the program, why it is left out, or the lines saying what the registry would refuse. */
function registryDocument(
  program: BundleProgram,
  json: PackageJson,
  packed: { settings: ReadonlyMap<string, BundleSetting>; repository: string | undefined; sha256: string },
  where: string,
): { document: Record<string, unknown> } | { skipped: string } | { problems: string[] } {
  const registryName = text(json.mcpName);
  if (registryName === undefined) {
    return {
      skipped: `${where}: no server.json: package.json has no "mcpName" (the server's name in the MCP Registry, such as "io.github.you/${program.name}"; the registry reads it there)`,
    };
  }
  const npmName = json.private === true ? undefined : text(json.name);
  const npmVersion = text(json.version);
  const npm = npmName === undefined || npmVersion === undefined ? undefined : { name: npmName, version: npmVersion };
  if (npm === undefined && program.options.downloadUrl === undefined) {
    return {
      skipped: `${where}: no server.json: the package is private and bundle.downloadUrl is not set, so the registry could not install it`,
    };
  }
  if (program.options.summary === undefined && [...program.description].length > 100) {
    return {
      problems: [
        `${where}: server.json: the description has ${[...program.description].length} characters and the registry takes at most 100: set runCli's bundle.summary`,
      ],
    };
  }
  const { repository, sha256 } = packed;
  const environment = registryVariables(packed.settings);
  try {
    const document = registryEntry(
      {
        name: registryName,
        title: program.info.title,
        description: program.options.summary ?? program.description,
        version: program.version,
        websiteUrl: text(json.homepage),
        repository: repository?.startsWith("https://github.com/") ? { url: repository, source: "github" } : undefined,
        npm: npm === undefined ? undefined : { identifier: npm.name, version: npm.version, args: ["mcp"], environment },
        mcpb: program.options.downloadUrl === undefined ? undefined : { url: program.options.downloadUrl, sha256, environment },
      },
      `${where}: server.json`,
    );
    return { document };
  } catch (error) {
    if (!(error instanceof ToolDefinitionError)) throw error;
    return { problems: error.message.split("\n") };
  }
}
