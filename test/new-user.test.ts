/**
 * A new user, in CI: the packed package (`npm pack` of dist/, as the registry
 * would serve it) installed into a fresh Nuxt app with each of npm, pnpm,
 * yarn (berry, node-modules linker) and bun, with the commands the docs show,
 * the host packages coming from the registry. Each app is built with
 * `nuxi build`, type-checked with `nuxi typecheck`, started, and called on
 * /mcp by the SDK v2 client: a listing, a good call, a bad call and a
 * question, on both protocol revisions. Then npm on the machine's old Node
 * (20), which must install without a conflict and be told which Node is
 * needed; and a plain Node project with only the MCP server SDK, running the
 * README's stdio example, packing the Publishing page's program into an MCP
 * Bundle that the official `mcpb` CLI unpacks and that answers from there,
 * then the AI SDK face without `ai`, with `ai` 6 and with `ai` 7.
 *
 * The managers' caches live in one folder under the system's temp dir, kept
 * across runs; every app is installed and built once, and every install
 * starts at once, side by side. Install and build times are printed for each
 * manager.
 */
import { execFile, execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeVersionProblem, OLDEST_NODE } from "../src/nuxt/node-version.ts";
import { type StartedApp, startApp } from "./fixtures/nuxt-server.ts";
import { nodeModulesAbove, packagesIn, SERVER_PROGRAM_PACKAGES } from "./helpers/packages.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const TEMPLATES = join(root, "test/fixtures/new-user");
/** Node 24, from the `node` devDependency: first on PATH for every manager. */
const BIN = join(root, "node_modules/.bin");
const NODE = process.execPath;
const SYSTEM_NODE = "/usr/bin/node";
const CACHE = join(tmpdir(), "agntn-new-user-cache");
const work = mkdtempSync(join(tmpdir(), "agntn-new-user-"));
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { name: string; version: string; engines: { node: string } };

const execFileAsync = promisify(execFile);

type ManagerName = "npm" | "pnpm" | "yarn" | "bun";
const MANAGERS: ManagerName[] = ["npm", "pnpm", "yarn", "bun"];

// --- the docs' install commands --------------------------------------------------------------------------------

/** One tab of a `::code-group`: its comment lines and its commands. */
interface Tab {
  comments: string[];
  commands: string[];
}

/** Every `::code-group` of a page, as label → tab. */
function codeGroups(page: string): Array<Record<string, Tab>> {
  const markdown = readFileSync(join(root, "docs/content", page), "utf8");
  return [...markdown.matchAll(/^::code-group(?:\{[^}\n]*\})?\n([\s\S]*?)\n::$/gm)].map((group) =>
    Object.fromEntries(
      [...(group[1] ?? "").matchAll(/^```bash \[([\w-]+)\]\n([\s\S]*?)\n```$/gm)].map((block) => {
        const lines = (block[2] ?? "").split("\n");
        return [
          block[1]!,
          { comments: lines.filter((l) => l.startsWith("#")), commands: lines.filter((l) => l !== "" && !l.startsWith("#")) },
        ];
      }),
    ),
  );
}

/** The group whose npm tab names `@nuxtjs/mcp-toolkit` (a Nuxt app), or the one that does not (an MCP server). */
function groupFor(groups: Array<Record<string, Tab>>, nuxt: boolean): Record<string, Tab> | undefined {
  return groups.find((group) => group.npm?.commands.join(" ").includes("@nuxtjs/mcp-toolkit") === nuxt);
}

const startGroups = codeGroups("1.guide/01.index.md");
const NUXT_INSTALL = groupFor(startGroups, true);
const MCP_INSTALL = groupFor(startGroups, false);

// --- running commands ----------------------------------------------------------------------------------------

interface Ran {
  code: number | null;
  output: string;
  seconds: number;
}

/** The environment of a person's shell: no variables of npm, vitest or this test run; Node 24 first on PATH. */
function userEnv(extra: Record<string, string> = {}, path = `${BIN}${delimiter}${process.env.PATH ?? ""}`): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|VITEST|NODE_ENV$|NODE_OPTIONS$|INIT_CWD$|AGNTN_|TEST$)/i.test(key)) continue;
    env[key] = value;
  }
  return { ...env, PATH: path, NUXT_TELEMETRY_DISABLED: "1", ...extra };
}

/** Runs a command to its end (at most `timeout` ms); resolves with its exit code, everything it printed, and how long it took. */
function run(argv: string[], cwd: string, env: NodeJS.ProcessEnv, timeout = 300_000): Promise<Ran> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0]!, argv.slice(1), { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeout);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output: plain(output), seconds: (Date.now() - started) / 1000 });
    });
  });
}

/** Output without terminal colours and cursor moves, so lines compare as a person reads them. */
function plain(text: string): string {
  return text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, "").replace(/\r/g, "");
}

/** A failure that shows the command, where it ran and the end of its output. */
function failure(argv: string[], cwd: string, ran: Ran): Error {
  return new Error(
    `\`${argv.join(" ")}\` in ${cwd} exited ${ran.code} after ${ran.seconds.toFixed(1)} s; its output ends:\n${ran.output.slice(-4000)}`,
  );
}

async function mustRun(argv: string[], cwd: string, env: NodeJS.ProcessEnv, timeout?: number): Promise<Ran> {
  const ran = await run(argv, cwd, env, timeout);
  if (ran.code !== 0) throw failure(argv, cwd, ran);
  return ran;
}

/** The lines of an install's output where a peer dependency or a conflict involves this package. */
function complaintsAboutUs(output: string): string[] {
  return output.split("\n").filter((line) => /ERESOLVE|peer/i.test(line) && line.includes(pkg.name));
}

/** A fresh copy of a template folder. */
function fromTemplate(template: "app" | "node", dir: string): string {
  cpSync(join(TEMPLATES, template), dir, {
    recursive: true,
    filter: (source) => !/[\\/](node_modules|\.nuxt|\.output)$/.test(source),
  });
  return dir;
}

// --- the packed package ------------------------------------------------------------------------------------------

let tarball = "";
/** Each install's run, started together once the package is packed. */
const installs = new Map<string, Promise<Ran>>();

beforeAll(async () => {
  // `npm test` builds dist/ before vitest runs; run alone, this file needs `npm run build` first.
  for (const file of ["dist/index.js", "dist/nuxt.js", "dist/mcp.js", "dist/runtime/tools-plugin.js"]) {
    if (!existsSync(join(root, file))) throw new Error(`${file} is missing: run \`npm run build\` before this test (npm test does)`);
  }
  mkdirSync(CACHE, { recursive: true });
  const packed = execFileSync("npm", ["pack", "--json", "--pack-destination", work], {
    cwd: root,
    env: userEnv({ npm_config_cache: join(CACHE, "npm") }),
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  const [entry] = JSON.parse(packed) as Array<{ filename: string; files: Array<{ path: string }> }>;
  expect(entry?.filename).toBe(`agntn-tools-${pkg.version}.tgz`);
  // What a user downloads: package.json, the README and dist/, no sources.
  expect(
    entry?.files
      .filter((file) => !file.path.startsWith("dist/"))
      .map((file) => file.path)
      .sort(),
  ).toEqual(["README.md", "package.json"]);
  tarball = join(work, entry!.filename);
  // Every install starts now, side by side: an install mostly waits on the registry (npm's took about 2 minutes
  // here, one after another), and each test below waits for its own. Builds then overlap the installs still running.
  installs.set("npm on the old Node", oldEnough ? installOnOldNode() : Promise.reject(new Error("no old Node here")));
  installs.set("the plain project", installNodeProject());
  for (const name of MANAGERS) installs.set(name, installApp(name));
  // A failure is reported by the test that waits for it, not as an unhandled rejection.
  for (const promise of installs.values()) promise.catch(() => {});
}, 120_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe("the docs' install lines", () => {
  it("Getting Started shows, for each manager, one command for an MCP server and one for a Nuxt app", () => {
    const add = { npm: "npm install", pnpm: "pnpm add", yarn: "yarn add", bun: "bun add" };
    expect(startGroups).toHaveLength(2);
    for (const manager of MANAGERS) {
      expect(MCP_INSTALL?.[manager]?.commands).toEqual([`${add[manager]} @agntn/tools @modelcontextprotocol/server`]);
      expect(NUXT_INSTALL?.[manager]?.commands).toEqual([
        `${add[manager]} @agntn/tools @nuxtjs/mcp-toolkit @modelcontextprotocol/server zod`,
      ]);
    }
    // Nuxt does not run under Yarn's Plug'n'Play, so the yarn tab says what this test writes to .yarnrc.yml.
    expect(NUXT_INSTALL?.yarn?.comments).toEqual(["# Yarn 2 and later: Nuxt needs `nodeLinker: node-modules` in .yarnrc.yml"]);
  });

  it("the apps below are one per manager", () => {
    expect(BY_INSTALL_TIME.toSorted()).toEqual(MANAGERS.toSorted());
  });

  it("the MCP page's “In a Nuxt app” shows the same Nuxt commands", () => {
    expect(groupFor(codeGroups("2.hosts/01.mcp.md"), true)).toEqual(NUXT_INSTALL);
  });
});

// --- one Nuxt app per manager ------------------------------------------------------------------------------------

interface Manager {
  /** The argv of the docs' install command, with the tarball in place of `@agntn/tools`. */
  install(command: string): string[];
  /** Runs a script of the app's package.json. */
  script(name: string): string[];
  /** Runs a binary of the app's dependencies. */
  exec(...args: string[]): string[];
  /** Where the manager keeps its cache, and what keeps it quiet and non-interactive. */
  env: Record<string, string>;
  /** What makes an install take only releases published before `date`: variables, and words after the command. */
  before(date: Date): { env: Record<string, string>; args: string[] };
}

const MANAGER: Record<ManagerName, Manager> = {
  npm: {
    install: (command) => swapTarball(command, tarball),
    script: (name) => ["npm", "run", name],
    exec: (...args) => ["npm", "exec", "--", ...args],
    env: { npm_config_cache: join(CACHE, "npm"), npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false" },
    before: (date) => ({ env: { npm_config_before: date.toISOString() }, args: [] }),
  },
  pnpm: {
    install: (command) => swapTarball(command, tarball),
    script: (name) => ["pnpm", "run", name],
    exec: (...args) => ["pnpm", "exec", ...args],
    env: {
      npm_config_store_dir: join(CACHE, "pnpm-store"),
      npm_config_cache_dir: join(CACHE, "pnpm-cache"),
      npm_config_update_notifier: "false",
    },
    before: (date) => ({ env: { npm_config_minimum_release_age: String(minutesSince(date)) }, args: [] }),
  },
  yarn: {
    // Yarn reads a bare path as a folder to link; a tarball is named with the file: protocol.
    install: (command) => swapTarball(command, `${pkg.name}@file:${tarball}`),
    script: (name) => ["yarn", "run", name],
    exec: (...args) => ["yarn", ...args],
    // CI=true turns on immutable installs, which refuse any change to a lockfile, and `yarn add` makes one.
    env: { YARN_GLOBAL_FOLDER: join(CACHE, "yarn"), YARN_ENABLE_TELEMETRY: "0", YARN_ENABLE_IMMUTABLE_INSTALLS: "false" },
    before: (date) => ({ env: { YARN_NPM_MINIMAL_AGE_GATE: String(minutesSince(date)) }, args: [] }),
  },
  bun: {
    install: (command) => swapTarball(command, tarball),
    script: (name) => ["bun", "run", name],
    exec: (...args) => ["bun", "x", ...args],
    env: { BUN_INSTALL_CACHE_DIR: join(CACHE, "bun") },
    before: (date) => ({ env: {}, args: ["--minimum-release-age", String(minutesSince(date) * 60)] }),
  },
};

/** pnpm and yarn gate by age in minutes, bun in seconds. */
function minutesSince(date: Date): number {
  return Math.ceil((Date.now() - date.getTime()) / 60_000);
}

function swapTarball(command: string, spec: string): string[] {
  const argv = command.split(" ");
  expect(argv).toContain(pkg.name);
  return argv.map((word) => (word === pkg.name ? spec : word));
}

/**
 * Vite 8.4.0 names an optional dependency, napi-windows-process-start-time,
 * that this machine's registry does not serve. npm, pnpm and bun skip a
 * missing optional package; yarn stops. When that is the reason, the yarn app
 * pins Vite to 8.3.8 (the release before, which this repository pins too) and
 * installs again: the failure is printed, and everything else is tested.
 */
const MISSING_OPTIONAL = "napi-windows-process-start-time@npm:^0.1.0: Package not found";

/**
 * How a manager says the registry's list of a package's versions lacked one
 * that another package asks for. bun said so here once ("No version matching
 * \"^7.29.16\" found for specifier \"@babel/traverse\" (but package exists)")
 * for a version the registry did serve, and installed on the next try. On
 * 2026-12-04 the registry lacked my-bad 1.3.1 (which @nuxt/cli 4.1.0 asks for)
 * and @babel/helper-validator-identifier 8.1.5 for longer than that, and every
 * manager failed twice; an hour later it served both.
 */
const REGISTRY_HICCUP = /No version matching .* \(but package exists\)|ETARGET|ERR_PNPM_NO_MATCHING_VERSION|YN0082: .*No candidates found/;

/**
 * The day after the newest release among the least versions that this
 * package's dependencies and peers accept (npm checks an optional peer's range
 * too whenever another package brings that peer in). An install that takes only
 * releases published before it gets everything it asks for (a fixed age would
 * not: jose 6.2.18, which this package needs, was 16 days old on 2026-12-04),
 * and none of the later releases a registry may still be catching up with.
 * Asked of the registry only after such a failure.
 */
async function settledDate(): Promise<Date> {
  const full = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as Record<string, Record<string, string>>;
  const npm = async (...args: string[]) =>
    JSON.parse((await execFileAsync("npm", ["view", ...args, "--json"], { env: userEnv(MANAGER.npm.env) })).stdout) as unknown;
  const published = await Promise.all(
    Object.entries({ ...full.dependencies, ...full.peerDependencies }).map(async ([name, range]) => {
      const versions = await npm(`${name}@${range}`, "version");
      const least = Array.isArray(versions) ? versions[0] : versions;
      const time = (await npm(`${name}@${least}`, "time")) as Record<string, string>;
      const at = Date.parse(time[String(least)] ?? "");
      if (Number.isNaN(at)) throw new Error(`${name}@${String(least)}: the registry gives no publication time`);
      return at;
    }),
  );
  return new Date(Math.max(...published) + 86_400_000);
}
let settled: Promise<Date> | undefined;

function hiccupLines(output: string): string {
  return output
    .split("\n")
    .filter((line) => REGISTRY_HICCUP.test(line) || /failed to resolve/.test(line))
    .join("\n");
}

/**
 * Runs a manager's install in a folder `prepare` makes. When the registry
 * fails as REGISTRY_HICCUP says, the failure is printed and the install tried
 * again after 5 s; when it fails so again, once more in a folder made afresh,
 * taking only releases published before `settledDate()`. Any other failure is the
 * install's answer: a conflict or a peer warning is never retried away.
 */
async function installFromRegistry(
  name: ManagerName,
  argv: string[],
  dir: string,
  env: (extra: Record<string, string>) => NodeJS.ProcessEnv,
  prepare: () => void,
  timeout: number,
): Promise<Ran> {
  prepare();
  let ran = await run(argv, dir, env({}), timeout);
  for (const last of [false, true]) {
    if (ran.code === 0 || !REGISTRY_HICCUP.test(ran.output)) break;
    const failed = `[new-user] ${name} in ${dir}: \`${argv.join(" ")}\` failed:\n${hiccupLines(ran.output)}\n[new-user] ${name}:`;
    if (!last) {
      console.log(`${failed} trying again`);
      await new Promise((resolve) => setTimeout(resolve, 5000));
      ran = await run(argv, dir, env({}), timeout);
      continue;
    }
    settled ??= settledDate();
    const date = await settled;
    const gate = MANAGER[name].before(date);
    console.log(`${failed} trying once more with releases published before ${date.toISOString()} (${JSON.stringify(gate)})`);
    rmSync(dir, { recursive: true, force: true });
    prepare();
    ran = await run([...argv, ...gate.args], dir, env(gate.env), timeout);
  }
  return ran;
}

/** The toolkit's warning, and the module's line after it for an app on the default route and tools option. */
const TOOLKIT_WARNING = {
  tag: "@nuxtjs/mcp-toolkit",
  text: "No MCP definitions found. Create tools, resources, or prompts in server/mcp/",
};
const NOTICE = {
  tag: "@agntn/tools",
  text: "/mcp serves the app's tools from ~~/server/tools: the toolkit's \"No MCP definitions found\" above is about server/mcp/, which this module does not need.",
};

/**
 * What a logged line says: the module's tag and its text, without consola's
 * decoration, which differs between a terminal ("[tag]  WARN  text") and CI
 * ("[warn] [tag] text").
 */
function said(line: string): { tag: string; text: string } | undefined {
  const match = /\[(@[^\]\s]+)\]\s*(?:WARN|ℹ|⚠|✔)?\s*(.*)$/u.exec(line);
  return match ? { tag: match[1]!, text: match[2]!.trim() } : undefined;
}

/** Each logged line that mentions the toolkit's warning, with the logged line right after it. */
function warningAndNext(output: string): Array<Array<{ tag: string; text: string } | undefined>> {
  const lines = output.split("\n").filter((line) => said(line) !== undefined);
  return lines.flatMap((line, i) =>
    line.includes("No MCP definitions found") && said(line)?.tag === "@nuxtjs/mcp-toolkit" ? [[said(line), said(lines[i + 1] ?? "")]] : [],
  );
}

const GREET_FORM = {
  mode: "form",
  message: "How formal should the greeting to Ada be?",
  requestedSchema: {
    type: "object",
    properties: { style: { type: "string", title: "Style", enum: ["casual", "formal"] } },
    required: ["style"],
  },
};

const INITIALS_LISTING = {
  name: "text_initials",
  title: "Initials",
  description: "Turn a full name into its initials, one capital letter per word.",
  inputSchema: {
    type: "object",
    required: ["name"],
    properties: {
      name: { type: "string", minLength: 1, maxLength: 200, description: "A person's full name" },
      dots: { type: "boolean", description: "Put a dot after each letter" },
    },
    additionalProperties: false,
  },
  annotations: { title: "Initials", readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
};

const BAD_CALL_TEXT =
  'Invalid arguments: unknown property "nmae"; takes name, dots\nInvalid arguments at /: must have required properties name';

/** Installs the Nuxt app of one manager with the docs' command; resolves with the run that installed it. */
async function installApp(name: ManagerName): Promise<Ran> {
  const manager = MANAGER[name];
  const dir = join(work, `app-${name}`);
  const env = (extra: Record<string, string> = {}) => userEnv({ ...manager.env, ...extra });
  const argv = manager.install(NUXT_INSTALL![name]!.commands[0]!);
  let ran = await installFromRegistry(
    name,
    argv,
    dir,
    env,
    () => {
      fromTemplate("app", dir);
      if (name === "yarn") writeFileSync(join(dir, ".yarnrc.yml"), "nodeLinker: node-modules\n");
    },
    420_000,
  );
  if (name === "yarn" && ran.code !== 0 && ran.output.includes(MISSING_OPTIONAL)) {
    console.log(
      `[new-user] yarn: \`${argv.join(" ")}\` failed here:\n${ran.output
        .split("\n")
        .filter((l) => l.includes("YN0035"))
        .join("\n")}`,
    );
    console.log("[new-user] yarn: pinning vite to 8.3.8 with `resolutions` and installing again");
    const app = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Record<string, unknown>;
    writeFileSync(join(dir, "package.json"), `${JSON.stringify({ ...app, resolutions: { vite: "8.3.8" } }, null, 2)}\n`);
    ran = await run(argv, dir, env(), 420_000);
  }
  if (ran.code !== 0) throw failure(argv, dir, ran);
  return ran;
}

/** A client that answers every form with `formal`, keeping each form it saw. */
async function connect(url: URL, modern: boolean): Promise<{ client: Client; forms: unknown[] }> {
  const client = new Client(
    { name: "new-user", version: "1.0.0" },
    { capabilities: { elicitation: { form: {} } }, ...(modern ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {}) },
  );
  const forms: unknown[] = [];
  client.setRequestHandler("elicitation/create", async (request) => {
    forms.push(request.params);
    return { action: "accept", content: { style: "formal" } } as never;
  });
  await client.connect(new StreamableHTTPClientTransport(url));
  return { client, forms };
}

/**
 * The apps' tests in the order their installs end: every install starts at once (beforeAll), and bun's ended here in
 * about 18 s, pnpm's in 31, yarn's in 40 and npm's in 109. With npm first, this file waited for npm's install with
 * nothing to do, while the others' apps sat installed; in this order the other three apps are built, type-checked and
 * called while npm still installs.
 */
const BY_INSTALL_TIME: ManagerName[] = ["bun", "pnpm", "yarn", "npm"];

describe.each(BY_INSTALL_TIME)("a new Nuxt app installed with %s", (name) => {
  const manager = MANAGER[name];
  const dir = join(work, `app-${name}`);
  const env = () => userEnv(manager.env);
  const times: Record<string, number> = {};
  /** The step each step needs: the calls need a build (and the 2026 ones the server the 2025 ones started), not a typecheck. */
  const NEEDS: Record<string, string | undefined> = {
    "the install": undefined,
    "the build": "the install",
    "the typecheck": "the build",
    "the 2025 calls": "the build",
    "the 2026 calls": "the 2025 calls",
  };
  const passed = new Set<string>();
  let server: StartedApp | undefined;

  /** Runs a step once the step it needs has passed; otherwise fails at once, naming that step. */
  async function step(label: string, body: () => Promise<void>): Promise<void> {
    const needed = NEEDS[label];
    if (needed !== undefined && !passed.has(needed)) throw new Error(`not run: ${needed} did not pass (failed or skipped)`);
    await body();
    passed.add(label);
  }

  afterAll(() => {
    server?.stop();
    console.log(
      `[new-user] ${name}: install ${times.install?.toFixed(1) ?? "-"} s, build ${times.build?.toFixed(1) ?? "-"} s, typecheck ${times.typecheck?.toFixed(1) ?? "-"} s`,
    );
  });

  it("installs with the docs' command: no conflict, no peer warning about @agntn/tools", async () => {
    await step("the install", async () => {
      const ran = await installs.get(name)!;
      times.install = ran.seconds;
      expect(ran.output).not.toContain("ERESOLVE");
      expect(complaintsAboutUs(ran.output)).toEqual([]);
      // The app asked for the package by its name, and got the packed one.
      const installed = JSON.parse(readFileSync(join(dir, "node_modules/@agntn/tools/package.json"), "utf8")) as { version: string };
      expect(installed.version).toBe(pkg.version);
      expect(existsSync(join(dir, "node_modules/@agntn/tools/src"))).toBe(false);
    });
  }, 900_000);

  it("builds with `nuxi build`; the toolkit's warning about server/mcp/ is followed by the module's line saying what is true", async () => {
    await step("the build", async () => {
      const ran = await mustRun(manager.script("build"), dir, env(), 600_000);
      times.build = ran.seconds;
      expect(warningAndNext(ran.output)).toEqual([[TOOLKIT_WARNING, NOTICE]]);
      expect(existsSync(join(dir, ".output/server/index.mjs"))).toBe(true);
    });
  }, 600_000);

  it("type-checks with `nuxi typecheck` (vue-tsc), server/tools.ts included", async () => {
    await step("the typecheck", async () => {
      const ran = await mustRun(manager.exec("nuxi", "typecheck"), dir, env(), 300_000);
      times.typecheck = ran.seconds;
    });
  }, 300_000);

  it("serves /mcp on 2025-11-25: the listing, a good call, a bad call with the exact lines, and a question answered", async () => {
    await step("the 2025 calls", async () => {
      server = await startApp(dir, { NODE_ENV: "production" });
      const { client, forms } = await connect(new URL("/mcp", server.url), false);
      expect(client.getServerVersion()).toEqual({ name: "new-user-app", version: "0.0.0" });
      const listed = (await client.listTools()).tools;
      expect(listed.map((tool) => tool.name)).toEqual(["text_initials", "text_greet"]);
      // The route is this package's handler on both revisions: the same listing as on 2026-07-28.
      expect(listed[0]).toEqual(INITIALS_LISTING);
      expect(await client.callTool({ name: "text_initials", arguments: { name: "ada lovelace", dots: true } })).toEqual({
        content: [{ type: "text", text: "A.L." }],
      });
      expect(await client.callTool({ name: "text_initials", arguments: { nmae: "ada" } })).toEqual({
        content: [{ type: "text", text: BAD_CALL_TEXT }],
        isError: true,
      });
      expect(await client.callTool({ name: "text_greet", arguments: { name: "Ada" } })).toEqual({
        content: [{ type: "text", text: "Good day, Ada." }],
      });
      expect(forms).toEqual([GREET_FORM]);
      await client.close();
    });
  }, 60_000);

  it("serves /mcp on 2026-07-28 too: the same listing and answers, the question as an input_required round", async () => {
    await step("the 2026 calls", async () => {
      const { client, forms } = await connect(new URL("/mcp", server!.url), true);
      expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
      const listed = (await client.listTools()).tools;
      expect(listed.map((tool) => tool.name)).toEqual(["text_initials", "text_greet"]);
      expect(listed[0]).toEqual(INITIALS_LISTING);
      // On 2026-07-28 every result names the server that gave it.
      const _meta = { "io.modelcontextprotocol/serverInfo": { name: "new-user-app", version: "0.0.0" } };
      expect(await client.callTool({ name: "text_initials", arguments: { name: "ada lovelace", dots: true } })).toEqual({
        content: [{ type: "text", text: "A.L." }],
        _meta,
      });
      expect(await client.callTool({ name: "text_initials", arguments: { nmae: "ada" } })).toEqual({
        content: [{ type: "text", text: BAD_CALL_TEXT }],
        isError: true,
        _meta,
      });
      expect(await client.callTool({ name: "text_greet", arguments: { name: "Ada" } })).toEqual({
        content: [{ type: "text", text: "Good day, Ada." }],
        _meta,
      });
      expect(forms).toEqual([GREET_FORM]);
      await client.close();
      server?.stop();
      server = undefined;
    });
  }, 60_000);
});

// --- the machine's old Node ----------------------------------------------------------------------------------

/** The system Node's version, or undefined when there is none. */
function systemNodeVersion(): string | undefined {
  if (!existsSync(SYSTEM_NODE)) return undefined;
  return execFileSync(SYSTEM_NODE, ["--version"], { encoding: "utf8" }).trim().slice(1);
}
const oldNode = systemNodeVersion();
const oldEnough = oldNode !== undefined && nodeVersionProblem(oldNode) !== undefined;

describe("the module's Node check", () => {
  it("names the Node it needs, and this one, below 22.19; says nothing from there on", () => {
    expect(pkg.engines.node).toBe(`>=${OLDEST_NODE.major}.${OLDEST_NODE.minor}.0`);
    expect(nodeVersionProblem("20.20.2")).toBe(
      "@agntn/tools needs Node 22.19 or later, and this is Node 20.20.2: switch to Node 22.19+ or 24 (nvm, fnm or volta) and run the build again.",
    );
    expect(nodeVersionProblem("22.18.9")).toContain("this is Node 22.18.9");
    for (const fine of ["22.19.0", "22.21.1", "24.21.0", "26.0.0"]) expect(nodeVersionProblem(fine)).toBeUndefined();
  });
});

/** The old Node's shell: only the system's directories, no node_modules/.bin, so `node` is the old one for npm and every script it runs. */
function oldNodeEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const path = (process.env.PATH ?? "").split(delimiter).filter((entry) => !entry.includes("node_modules"));
  return userEnv({ ...MANAGER.npm.env, ...extra }, [...new Set(["/usr/bin", ...path])].join(delimiter));
}
const oldNpmCli = () => realpathSync(execFileSync("sh", ["-c", "command -v npm"], { encoding: "utf8", env: oldNodeEnv() }).trim());
const OLD_NODE_APP = join(work, "app-node-old");

/** Installs the Nuxt app with the docs' npm command, npm and every script running on the old Node. */
async function installOnOldNode(): Promise<Ran> {
  const argv = [SYSTEM_NODE, oldNpmCli(), ...MANAGER.npm.install(NUXT_INSTALL!.npm!.commands[0]!).slice(1)];
  const ran = await installFromRegistry("npm", argv, OLD_NODE_APP, oldNodeEnv, () => fromTemplate("app", OLD_NODE_APP), 420_000);
  if (ran.code !== 0) throw failure(argv, OLD_NODE_APP, ran);
  return ran;
}

describe.skipIf(!oldEnough)(`npm on the machine's own Node (${oldNode ?? "none"})`, () => {
  const dir = OLD_NODE_APP;
  const env = oldNodeEnv;
  const npmCli = oldNpmCli;
  let installed = false;

  it("installs with the docs' npm command and no conflict; npm names the Node this package needs", async () => {
    const ran = await installs.get("npm on the old Node")!;
    console.log(`[new-user] npm on Node ${oldNode}: install ${ran.seconds.toFixed(1)} s`);
    expect(ran.output).not.toContain("ERESOLVE");
    expect(complaintsAboutUs(ran.output)).toEqual([]);
    const npmVersion = execFileSync(SYSTEM_NODE, [npmCli(), "--version"], { encoding: "utf8", env: env() }).trim();
    const ours = ran.output.indexOf(`npm warn EBADENGINE   package: '${pkg.name}@${pkg.version}',`);
    expect(ours).toBeGreaterThan(-1);
    const told = ran.output.slice(ours).split("\n").slice(0, 3);
    expect(told).toEqual([
      `npm warn EBADENGINE   package: '${pkg.name}@${pkg.version}',`,
      `npm warn EBADENGINE   required: { node: '${pkg.engines.node}' },`,
      `npm warn EBADENGINE   current: { node: 'v${oldNode}', npm: '${npmVersion}' }`,
    ]);
    console.log(`[new-user] what npm tells a user on Node ${oldNode} about this package:\n${told.join("\n")}`);
    installed = true;
  }, 480_000);

  it("stops `nuxt build` at once with the module's one line naming both Nodes", async () => {
    expect(installed, "the install above failed").toBe(true);
    const ran = await run([SYSTEM_NODE, npmCli(), "run", "build"], dir, env(), 120_000);
    expect(ran.code).not.toBe(0);
    const line = nodeVersionProblem(oldNode!)!;
    expect(ran.output).toContain(line);
    // Nothing else ran first: the toolkit never got to its warning.
    expect(ran.output).not.toContain("No MCP definitions found");
    console.log(
      `[new-user] what \`npm run build\` tells a user on Node ${oldNode}:\n${ran.output.split("\n").find((l) => l.includes(line))}`,
    );
  }, 150_000);
});

// --- a plain Node project ----------------------------------------------------------------------------------------

const NODE_PROJECT = join(work, "node-project");

/** Installs the plain Node project with the docs' npm command for an MCP server. */
async function installNodeProject(): Promise<Ran> {
  const argv = MANAGER.npm.install(MCP_INSTALL!.npm!.commands[0]!);
  const env = (extra: Record<string, string>) => userEnv({ ...MANAGER.npm.env, ...extra });
  const ran = await installFromRegistry("npm", argv, NODE_PROJECT, env, () => fromTemplate("node", NODE_PROJECT), 300_000);
  if (ran.code !== 0) throw failure(argv, NODE_PROJECT, ran);
  return ran;
}

describe("a plain Node project with the MCP server SDK only", () => {
  const dir = NODE_PROJECT;
  const env = () => userEnv(MANAGER.npm.env);
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const example = readme.match(/```ts\n([\s\S]*?)```/)?.[1] ?? "";
  const shown = (readme.match(/```text\n([\s\S]*?)```/)?.[1] ?? "").trim();
  let installed = false;

  /** Runs an ES module in the project with Node 24; resolves with its exit code and output. */
  function script(source: string): Promise<Ran> {
    writeFileSync(join(dir, "check.mjs"), source);
    return run([NODE, "check.mjs"], dir, env(), 60_000);
  }

  it("installs with the docs' npm command for an MCP server: no warning about us, no other host's package", async () => {
    const ran = await installs.get("the plain project")!;
    console.log(`[new-user] plain Node project, npm: install ${ran.seconds.toFixed(1)} s`);
    expect(ran.output).not.toContain("ERESOLVE");
    expect(complaintsAboutUs(ran.output)).toEqual([]);
    const app = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { dependencies: Record<string, string> };
    expect(Object.keys(app.dependencies).sort()).toEqual(["@agntn/tools", "@modelcontextprotocol/server"]);
    // TypeBox is the one dependency; no host package of another face came along (zod is the MCP SDK's own).
    expect(existsSync(join(dir, "node_modules/typebox/package.json"))).toBe(true);
    for (const absent of ["ai", "h3", "@nuxt/kit", "@nuxtjs/mcp-toolkit", "@earendil-works/pi-coding-agent", "@oh-my-pi/pi-coding-agent"]) {
      expect(existsSync(join(dir, "node_modules", absent)), absent).toBe(false);
    }
    installed = true;
  }, 360_000);

  it("runs the README's stdio example; the SDK client lists it and gets the README's answers", async () => {
    expect(installed, "the install above failed").toBe(true);
    expect(example).toContain("StdioServerTransport");
    writeFileSync(join(dir, "server.ts"), example);
    const client = new Client({ name: "new-user-stdio", version: "1.0.0" });
    await client.connect(new StdioClientTransport({ command: NODE, args: ["server.ts"], cwd: dir, env: env() as Record<string, string> }));
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["text_shout"]);
    expect(await client.callTool({ name: "text_shout", arguments: { text: "hi" } })).toEqual({ content: [{ type: "text", text: "HI" }] });
    expect(await client.callTool({ name: "text_shout", arguments: { txt: "hi" } })).toEqual({
      content: [{ type: "text", text: shown }],
      isError: true,
    });
    await client.close();
  }, 60_000);

  it("packs the Publishing page's program into a bundle that runs unpacked, with nothing of this project's around it", async () => {
    expect(installed, "the install above failed").toBe(true);
    // The program as the Publishing page shows it, in a project made by the docs' install line, with the fields a
    // bundle needs that a new project lacks.
    mkdirSync(join(dir, "bin"), { recursive: true });
    cpSync(join(root, "docs/examples/publishing-weather.ts"), join(dir, "bin/weather.ts"));
    const json = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    writeFileSync(join(dir, "package.json"), JSON.stringify({ ...json, description: "Weather.", author: "Ada Lovelace" }, null, 2));
    const packed = await run([NODE, "bin/weather.ts", "bundle", "--out", "release"], dir, env(), 60_000);
    expect(packed.code, packed.output).toBe(0);
    expect(packed.output).toMatch(/^wrote release\/weather-1\.2\.0\.mcpb: \d+ files, \d+\.\d MB, sha256 [0-9a-f]{64}\n/);
    // Unpacked by the official CLI into a folder with no node_modules above it.
    const unpacked = mkdtempSync(join(tmpdir(), "agntn-new-user-bundle-"));
    expect(nodeModulesAbove(unpacked)).toEqual([]);
    const mcpb = join(root, "node_modules/@anthropic-ai/mcpb/dist/cli/cli.js");
    try {
      await mustRun([NODE, mcpb, "unpack", join(dir, "release/weather-1.2.0.mcpb"), unpacked], dir, env());
      const valid = await mustRun([NODE, mcpb, "validate", join(unpacked, "manifest.json")], dir, env());
      expect(valid.output).toContain("Manifest schema validation passes!");
      // What the docs' install line brought, and nothing of the registry's that the program does not load.
      expect(packagesIn(join(unpacked, "server/node_modules"))).toEqual(SERVER_PROGRAM_PACKAGES);
      const manifest = JSON.parse(readFileSync(join(unpacked, "manifest.json"), "utf8"));
      // biome-ignore lint/suspicious/noTemplateCurlyInString: MCPB's placeholder, as the manifest holds it.
      const args = (manifest.server.mcp_config.args as string[]).map((arg) => arg.replace("${__dirname}", unpacked));
      expect(args).toEqual([join(unpacked, "server/bin/weather.ts"), "mcp"]);
      const client = new Client({ name: "new-user-bundle", version: "1.0.0" });
      const started = { PATH: `${dirname(NODE)}${delimiter}${process.env.PATH ?? ""}`, WEATHER_API_KEY: "k", WEATHER_UNITS: "imperial" };
      await client.connect(new StdioClientTransport({ command: "node", args, cwd: unpacked, env: started, stderr: "ignore" }));
      try {
        expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["weather_forecast"]);
        expect(await client.callTool({ name: "weather_forecast", arguments: { city: "Lyon" } })).toEqual({
          content: [{ type: "text", text: "Lyon tomorrow: sunny, 70 °F." }],
        });
      } finally {
        await client.close();
      }
    } finally {
      rmSync(unpacked, { recursive: true, force: true });
    }
  }, 120_000);

  const AI_CHECK = `
    import { defineTool, Type } from "@agntn/tools";
    const { toAiTools } = await import("@agntn/tools/ai");
    const tool = defineTool({ name: "text_echo", title: "Echo", description: "Echoes.", effect: "read",
      input: Type.Object({ text: Type.String() }, { additionalProperties: false }),
      execute: ({ text }) => ({ content: [{ type: "text", text }] }) });
    try { console.log(Object.keys(toAiTools([tool])).join(",")); } catch (error) { console.log(error.message); process.exitCode = 1; }
  `;

  it("without ai, @agntn/tools/ai fails at its import with Node's own line naming the package", async () => {
    expect(installed, "the install above failed").toBe(true);
    const ran = await script(AI_CHECK);
    expect(ran.code).toBe(1);
    expect(ran.output).toContain(`Cannot find package 'ai' imported from ${realpathSync(dir)}/node_modules/@agntn/tools/dist/ai.js`);
  });

  it("with ai 6 the first conversion says ai 7 is needed; with ai 7 it converts", async () => {
    expect(installed, "the install above failed").toBe(true);
    const six = await mustRun(["npm", "install", "ai@6"], dir, env(), 300_000);
    expect(complaintsAboutUs(six.output)).toEqual([]);
    const refused = await script(AI_CHECK);
    expect({ code: refused.code, output: refused.output.trim() }).toEqual({
      code: 1,
      output: "@agntn/tools/ai needs ai 7 or later, and the installed ai is older (it has no isStepCount, which ai 7 added): install ai@7",
    });
    const seven = await mustRun(["npm", "install", "ai@7"], dir, env(), 300_000);
    expect(complaintsAboutUs(seven.output)).toEqual([]);
    const converted = await script(AI_CHECK);
    expect({ code: converted.code, output: converted.output.trim() }).toEqual({ code: 0, output: "text_echo" });
  }, 660_000);
});
