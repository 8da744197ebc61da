/**
 * A runCli program packs itself: the Publishing page's program
 * (docs/examples/publishing-weather.ts) in a package of its own, its
 * dependencies installed the way a package manager lays them out (the built
 * @agntn/tools from dist/, so `npm run build` first; `npm test` does), runs
 * `weather bundle`. Then:
 * - the official `@anthropic-ai/mcpb` CLI validates, unpacks and reads the bundle;
 * - the unpacked bundle, in a folder with no node_modules above it, is started
 *   as its manifest says (the settings as environment variables) and answers an
 *   SDK client exactly as the program does from its own folder;
 * - server.json validates against the registry's published schema
 *   (test/fixtures/registry/server.schema.json, 2025-12-11, with Ajv);
 * - Claude Code, with the unpacked server added by `claude mcp add`, connects to
 *   it and, run headless against the fake Messages API, hands the model its answer;
 * - what the command refuses, it refuses in one line, and writes nothing.
 */
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: "${__dirname}" and "${user_config.…}" are MCPB's placeholders, written as the manifest holds them.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claudeCodeEnv } from "../src/testing/hosts/claude-agent.ts";
import { PNG } from "./fixtures/client-tools.ts";
import { runToEnd } from "./helpers/child.ts";
import { fakeMessagesApi, textTurn, toolResults, toolTurn } from "./helpers/fake-messages.ts";
import { claudeCodeBinary } from "./helpers/hosts/claude-code.ts";
import { nodeModulesAbove, packagesIn, SERVER_PROGRAM_PACKAGES } from "./helpers/packages.ts";

const repo = fileURLToPath(new URL("..", import.meta.url));
const NODE = process.execPath;
const MCPB = join(repo, "node_modules/@anthropic-ai/mcpb/dist/cli/cli.js");
const work = mkdtempSync(join(tmpdir(), "agntn-bundle-"));
const project = join(work, "weather");
const unpacked = join(work, "unpacked");
const bundleFile = join(project, "release/weather-1.2.0.mcpb");

/** The program's package.json, as its author wrote it. */
const PACKAGE = {
  name: "weather-cli",
  version: "1.2.0",
  type: "module",
  description: "Tomorrow's weather for any city.",
  bin: { weather: "bin/weather.ts" },
  files: ["bin"],
  mcpName: "io.github.ada/weather",
  author: "Ada Lovelace <ada@example.com> (https://example.com/ada)",
  license: "MIT",
  homepage: "https://example.com/weather",
  repository: { type: "git", url: "git+https://github.com/ada/weather.git" },
  keywords: ["weather", "forecast"],
  dependencies: { "@agntn/tools": "^0.1.0", "@modelcontextprotocol/server": "^2.4.0" },
  devDependencies: { vitest: "^5.1.2" },
};

/** The settings a host asks the user for, as the test fills them in. */
const USER_CONFIG: Record<string, string> = { api_key: "k-123", units: "imperial" };

/**
 * node_modules as npm would leave it: the built @agntn/tools (package.json, README, dist), and every other package
 * linked from this repository's own install, a development dependency among them (which must stay out of the bundle).
 */
function installInto(dir: string): void {
  const modules = join(dir, "node_modules");
  mkdirSync(join(modules, "@agntn/tools"), { recursive: true });
  mkdirSync(join(modules, "@modelcontextprotocol"), { recursive: true });
  for (const file of ["package.json", "README.md"]) cpSync(join(repo, file), join(modules, "@agntn/tools", file));
  symlinkSync(join(repo, "dist"), join(modules, "@agntn/tools/dist"));
  for (const name of ["typebox", "jose", "exsolve", "vitest", "@modelcontextprotocol/server"]) {
    symlinkSync(join(repo, "node_modules", name), join(modules, name));
  }
}

/** A package with `program` as bin/weather.ts; node_modules linked to the main project's. */
function variant(name: string, json: Record<string, unknown>, program: string): string {
  const dir = join(work, name);
  mkdirSync(join(dir, "bin"), { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify(json, null, 2));
  writeFileSync(join(dir, "bin/weather.ts"), program);
  symlinkSync(join(project, "node_modules"), join(dir, "node_modules"));
  return dir;
}

interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Ran {
  const ran = spawnSync(command, args, { cwd, env, encoding: "utf8", timeout: 120_000, stdio: ["ignore", "pipe", "pipe"] });
  return { status: ran.status, stdout: ran.stdout, stderr: ran.stderr };
}

const mcpb = (...args: string[]) => run(NODE, [MCPB, ...args], work);

/** The listing and two answers of a server started with `command` and `args`, through the SDK client over stdio. */
async function answersOf(command: string, args: string[], cwd: string, env: Record<string, string>) {
  const client = new Client({ name: "bundle-test", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command, args, cwd, env, stderr: "ignore" }));
  try {
    return {
      server: client.getServerVersion(),
      tools: (await client.listTools()).tools,
      lyon: await client.callTool({ name: "weather_forecast", arguments: { city: "Lyon" } }),
      bad: await client.callTool({ name: "weather_forecast", arguments: { town: "Lyon" } }),
    };
  } finally {
    await client.close();
  }
}

/** An environment with Node 24 first on PATH, as `node` in a manifest finds it. */
function withNode(extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: `${dirname(NODE)}:${process.env.PATH ?? ""}`, HOME: work, ...extra };
}

let packed: Ran;

/** The Publishing page's fenced block of `lang` labelled `label`. */
function pageBlock(lang: string, label: string): string {
  const page = readFileSync(join(repo, "docs/content/1.guide/15.publishing.md"), "utf8");
  const match = new RegExp(`^\`\`\`${lang} \\[${label.replace(/[.[\]]/g, "\\$&")}\\]\n([\\s\\S]*?)\n\`\`\`$`, "m").exec(page);
  if (!match) throw new Error(`the Publishing page has no \`\`\`${lang} [${label}] block`);
  return match[1]!;
}

beforeAll(() => {
  if (!existsSync(join(repo, "dist/cli.js"))) throw new Error("dist/cli.js is missing: run `npm run build` first (npm test does)");
  mkdirSync(join(project, "bin"), { recursive: true });
  mkdirSync(join(project, "notes"), { recursive: true });
  writeFileSync(join(project, "package.json"), `${JSON.stringify(PACKAGE, null, 2)}\n`);
  cpSync(join(repo, "docs/examples/publishing-weather.ts"), join(project, "bin/weather.ts"));
  writeFileSync(join(project, "README.md"), "# weather\n");
  writeFileSync(join(project, "notes/plans.md"), "not for the bundle\n");
  writeFileSync(join(project, ".env"), "WEATHER_API_KEY=never-packed\n");
  installInto(project);
  packed = run(NODE, ["bin/weather.ts", "bundle", "--out", "release"], project);
}, 120_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe("weather bundle", () => {
  it("writes the bundle and server.json, and says so in two lines", () => {
    expect({ status: packed.status, stderr: packed.stderr }).toEqual({ status: 0, stderr: "" });
    const sha256 = createHash("sha256").update(readFileSync(bundleFile)).digest("hex");
    const lines = packed.stdout.split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(new RegExp(`^wrote release/weather-1\\.2\\.0\\.mcpb: \\d+ files, \\d+\\.\\d MB, sha256 ${sha256}$`));
    expect(lines.slice(1)).toEqual(["wrote release/server.json: io.github.ada/weather 1.2.0", ""]);
  });

  it("packs the same bytes again (one time stamp, files in order), so the sha256 in server.json holds", () => {
    const before = readFileSync(bundleFile);
    const again = run(NODE, ["bin/weather.ts", "bundle", "--out", "again"], project);
    expect(again.status).toBe(0);
    expect(readFileSync(join(project, "again/weather-1.2.0.mcpb")).equals(before)).toBe(true);
    rmSync(join(project, "again"), { recursive: true });
  });

  it("is a bundle the official mcpb CLI validates, unpacks and reads", () => {
    const unpack = mcpb("unpack", bundleFile, unpacked);
    expect(unpack.stdout.trim().split("\n").at(-1)).toBe(`Extension unpacked successfully to ${unpacked}`);
    const validate = mcpb("validate", join(unpacked, "manifest.json"));
    expect({ status: validate.status, out: validate.stdout.trim() }).toEqual({ status: 0, out: "Manifest schema validation passes!" });
    const info = mcpb("info", bundleFile);
    expect(info.stdout.split("\n")[0]).toBe("File: weather-1.2.0.mcpb");
  });

  it("has the manifest the program's info, tools and settings make", () => {
    expect(JSON.parse(readFileSync(join(unpacked, "manifest.json"), "utf8"))).toEqual({
      manifest_version: "0.4",
      name: "weather",
      version: "1.2.0",
      description: "Tomorrow's weather for any city.",
      author: { name: "Ada Lovelace", email: "ada@example.com", url: "https://example.com/ada" },
      repository: { type: "git", url: "https://github.com/ada/weather" },
      homepage: "https://example.com/weather",
      server: {
        type: "node",
        entry_point: "server/bin/weather.ts",
        mcp_config: {
          command: "node",
          args: ["${__dirname}/server/bin/weather.ts", "mcp"],
          env: { WEATHER_API_KEY: "${user_config.api_key}", WEATHER_UNITS: "${user_config.units}" },
        },
      },
      tools: [{ name: "weather_forecast", description: "Tomorrow's weather for a city, in the units the user picked." }],
      keywords: ["weather", "forecast"],
      license: "MIT",
      compatibility: { platforms: ["darwin", "linux", "win32"], runtimes: { node: ">=22.19.0" } },
      user_config: {
        api_key: {
          type: "string",
          title: "API key",
          description: "The key your weather service gave you.",
          required: true,
          sensitive: true,
        },
        units: { type: "string", title: "Units", description: "metric or imperial.", required: false, default: "metric" },
      },
    });
  });

  it("holds the program's published files and its production dependencies, nothing else", () => {
    const server = join(unpacked, "server");
    const own = readdirSync(server, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !join(entry.parentPath, entry.name).includes("/node_modules/"))
      .map((entry) => join(entry.parentPath, entry.name).slice(server.length + 1))
      .sort();
    // notes/ is not in "files", .env is a dot-file, release/ is where the bundle goes.
    expect(own).toEqual(["README.md", "bin/weather.ts", "package.json"]);
    // The MCP SDK's own dependencies come along (its core, zod); vitest, a development dependency, does not.
    expect(packagesIn(join(server, "node_modules"))).toEqual(SERVER_PROGRAM_PACKAGES);
    expect(readFileSync(join(server, "node_modules/@agntn/tools/dist/cli.js"))).toEqual(readFileSync(join(repo, "dist/cli.js")));
  });

  it("started from its unpacked folder as the manifest says, answers as the program does from its own", async () => {
    // Nothing above the unpacked bundle to fall back on: every module it loads is its own.
    expect(nodeModulesAbove(unpacked)).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(unpacked, "manifest.json"), "utf8"));
    const config = manifest.server.mcp_config as { command: string; args: string[]; env: Record<string, string> };
    const fill = (value: string) =>
      value.replace("${__dirname}", unpacked).replace(/\$\{user_config\.(\w+)\}/g, (_, key: string) => USER_CONFIG[key] ?? "");
    const env = Object.fromEntries(Object.entries(config.env).map(([name, value]) => [name, fill(value)]));
    const fromBundle = await answersOf(config.command, config.args.map(fill), unpacked, withNode(env));
    const fromProgram = await answersOf(NODE, ["bin/weather.ts", "mcp"], project, withNode(env));
    expect(fromBundle).toEqual(fromProgram);
    expect(fromBundle.server).toEqual({ name: "weather", version: "1.2.0", description: "Tomorrow's weather for any city." });
    expect(fromBundle.tools.map((tool) => [tool.name, tool.title])).toEqual([["weather_forecast", "Forecast"]]);
    expect(fromBundle.lyon).toEqual({ content: [{ type: "text", text: "Lyon tomorrow: sunny, 70 °F." }] });
    expect(fromBundle.bad).toEqual({
      content: [
        {
          type: "text",
          text: 'Invalid arguments: unknown property "town"; takes city\nInvalid arguments at /: must have required properties city',
        },
      ],
      isError: true,
    });
  });

  it("writes a server.json the registry's schema accepts: the npm package and its environment", () => {
    const schema = JSON.parse(readFileSync(join(repo, "test/fixtures/registry/server.schema.json"), "utf8"));
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const validate = ajv.compile(schema);
    const entry = JSON.parse(readFileSync(join(project, "release/server.json"), "utf8"));
    expect(validate(entry) ? [] : validate.errors).toEqual([]);
    expect(entry).toEqual({
      $schema: "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
      name: "io.github.ada/weather",
      description: "Tomorrow's weather for any city.",
      version: "1.2.0",
      websiteUrl: "https://example.com/weather",
      repository: { url: "https://github.com/ada/weather", source: "github" },
      packages: [
        {
          registryType: "npm",
          registryBaseUrl: "https://registry.npmjs.org",
          identifier: "weather-cli",
          version: "1.2.0",
          runtimeHint: "npx",
          transport: { type: "stdio" },
          packageArguments: [{ type: "positional", value: "mcp" }],
          environmentVariables: [
            { name: "WEATHER_API_KEY", description: "The key your weather service gave you.", isRequired: true, isSecret: true },
            { name: "WEATHER_UNITS", description: "metric or imperial.", default: "metric" },
          ],
        },
      ],
    });
  });

  it("serves Claude Code, added with `claude mcp add` and run headless against the fake Messages API", async () => {
    const claude = claudeCodeBinary();
    const home = mkdtempSync(join(work, "claude-home-"));
    const api = await fakeMessagesApi((request) =>
      toolResults(request).length > 0 || !(request.tools ?? []).some((tool) => tool.name.startsWith("mcp__"))
        ? textTurn("done")
        : toolTurn("mcp__weather__weather_forecast", { city: "Lyon" }),
    );
    try {
      // Tool search off: Claude Code then offers the server's tools in the first turn instead of behind a search tool.
      // Claude Code waits about 3 s for a stdio server to connect before its first turn, then goes on without its tools;
      // on a loaded machine the bundled server once took longer to start, and the model was offered none (a server
      // started after `sleep 6` did the same every time). CLAUDE_CODE_MCP_STARTUP_WAIT_MS (a variable of Claude Code's
      // own, read from its binary) makes it wait for the server; with it the same slow server was offered and called.
      const env = {
        ...claudeCodeEnv(home, api.url),
        ...withNode(),
        HOME: home,
        ENABLE_TOOL_SEARCH: "false",
        CLAUDE_CODE_MCP_STARTUP_WAIT_MS: "60000",
      };
      const manifest = JSON.parse(readFileSync(join(unpacked, "manifest.json"), "utf8"));
      const start = (manifest.server.mcp_config.args as string[]).map((arg) => arg.replace("${__dirname}", unpacked));
      const settings = ["-e", "WEATHER_API_KEY=k-123", "-e", "WEATHER_UNITS=metric"];
      const added = run(claude, ["mcp", "add", "--scope", "user", "weather", ...settings, "--", "node", ...start], home, env);
      expect(added.stdout.split("\n")[0]).toBe(`Added stdio MCP server weather with command: node ${start.join(" ")} to user config`);
      const listed = run(claude, ["mcp", "list"], home, env);
      expect(listed.stdout).toContain(`weather: node ${start.join(" ")} - ✔ Connected`);
      // Not spawnSync: the fake API answering Claude Code lives in this process.
      const asked = await runToEnd(claude, ["-p", "Tomorrow in Lyon?", "--model", "claude-test", "--allowedTools", "mcp__weather"], {
        cwd: home,
        env,
        timeoutMs: 100_000,
        cannot: "Claude Code cannot run",
      });
      expect({ exit: asked.exit, said: asked.stdout.trim() }).toEqual({ exit: 0, said: "done" });
      // What the model reads (Claude Code adds its prompt-cache mark to the last block).
      const read = toolResults(api.requests.find((request) => toolResults(request).length > 0)).map(({ cache_control, ...block }) => block);
      expect(read).toEqual([
        { type: "tool_result", tool_use_id: "toolu_1", content: [{ type: "text", text: "Lyon tomorrow: sunny, 21 °C." }] },
      ]);
    } finally {
      await api.close();
    }
  }, 120_000);
});

const program = (options: string, description = "Tomorrow's weather for any city.") => `
  import { defineTool, Type } from "@agntn/tools";
  import { runCli } from "@agntn/tools/cli";
  const tool = defineTool({ name: "weather_forecast", title: "Forecast", description: "Forecast.", effect: "read",
    input: Type.Object({ city: Type.String() }, { additionalProperties: false }), execute: ({ city }) => ({ content: [{ type: "text", text: city }] }) });
  await runCli({ name: "weather", version: "1.2.0", description: ${JSON.stringify(description)}, tools: [tool], mcp: true, ${options} });
`;
const json = (changes: Record<string, unknown>) => {
  const next: Record<string, unknown> = { ...PACKAGE, ...changes };
  for (const [key, value] of Object.entries(changes)) if (value === undefined) delete next[key];
  return next;
};

/** Each refusal: the case, its package.json, its `bundle` option, and the one line the command says. */
const REFUSALS: Array<[string, Record<string, unknown>, string, string]> = [
  [
    "no author",
    json({ author: undefined }),
    "bundle: true",
    `weather bundle: the bundle needs an author (hosts show who made it): set "author" in package.json or runCli's bundle.author`,
  ],
  [
    "a description the registry would refuse",
    json({}),
    "bundle: true",
    "weather bundle: server.json: the description has 120 characters and the registry takes at most 100: set runCli's bundle.summary",
  ],
  [
    "a registry name the registry would refuse",
    json({ mcpName: "weather" }),
    "bundle: true",
    'weather bundle: server.json: name "weather" is not a registry name: reverse-DNS with one slash, such as "io.github.you/server"',
  ],
  [
    "a dependency that is not installed",
    json({ dependencies: { ...PACKAGE.dependencies, "left-pad": "^1.3.0" } }),
    "bundle: true",
    "weather bundle: left-pad, which the program needs, is not installed: run your package manager's install first",
  ],
  [
    "no MCP server SDK among the dependencies",
    json({ dependencies: { "@agntn/tools": "^0.1.0" } }),
    "bundle: true",
    'weather bundle: @modelcontextprotocol/server is not among the program\'s dependencies, and the mcp command needs it: add it to "dependencies"',
  ],
];

describe("the Publishing page shows what the command wrote", () => {
  it("the program is the page's bin/weather.ts", () => {
    expect(pageBlock("ts", "bin/weather.ts")).toBe(readFileSync(join(project, "bin/weather.ts"), "utf8").replace(/\n$/, ""));
  });

  it("its manifest.json and server.json blocks are the files, and its package.json block is the program's, trimmed", () => {
    expect(JSON.parse(pageBlock("json", "manifest.json"))).toEqual(JSON.parse(readFileSync(join(unpacked, "manifest.json"), "utf8")));
    expect(JSON.parse(pageBlock("json", "server.json"))).toEqual(JSON.parse(readFileSync(join(project, "release/server.json"), "utf8")));
    const shown = JSON.parse(pageBlock("json", "package.json")) as Record<string, unknown>;
    expect(Object.fromEntries(Object.keys(shown).map((key) => [key, PACKAGE[key as keyof typeof PACKAGE]]))).toEqual(shown);
  });

  it("its refusals are lines the command says", () => {
    const page = readFileSync(join(repo, "docs/content/1.guide/15.publishing.md"), "utf8");
    const shown = /### What it refuses\n\n[^\n]*\n\n```text\n([\s\S]*?)\n```/.exec(page)?.[1]?.split("\n") ?? [];
    expect(shown.length).toBe(4);
    for (const line of shown) expect(REFUSALS.map((row) => row[3])).toContain(line);
  });

  it("the lines it prints have the command's form (its size and sha256 are those of one build)", () => {
    const page = readFileSync(join(repo, "docs/content/1.guide/15.publishing.md"), "utf8");
    const shown = /```bash\nweather bundle --out release\n```\n\n```text\n([\s\S]*?)\n```/.exec(page)?.[1]?.split("\n") ?? [];
    const printed = packed.stdout.trimEnd().split("\n");
    const form = (line: string) => line.replace(/\d+ files, \d+\.\d MB, sha256 [0-9a-f]{64}/, "N files, N MB, sha256 H");
    expect(shown.map(form)).toEqual(printed.map(form));
  });
});

describe("what weather bundle refuses, in one line, writing nothing", () => {
  it.each(REFUSALS)("%s", (name, packageJson, options, line) => {
    const description = name.startsWith("a description") ? "x".repeat(120) : undefined;
    const dir = variant(name.replaceAll(" ", "-"), packageJson, program(options, description));
    const ran = run(NODE, ["bin/weather.ts", "bundle", "--out", "release"], dir);
    expect({ status: ran.status, stdout: ran.stdout, stderr: ran.stderr }).toEqual({ status: 1, stdout: "", stderr: `${line}\n` });
    expect(existsSync(join(dir, "release"))).toBe(false);
  });

  it("without mcpName it writes the bundle and says in one line why there is no server.json", () => {
    const dir = variant("no-mcp-name", json({ mcpName: undefined }), program("bundle: true"));
    const ran = run(NODE, ["bin/weather.ts", "bundle", "--out", "release"], dir);
    expect({ status: ran.status, stderr: ran.stderr }).toEqual({
      status: 0,
      stderr:
        'weather bundle: no server.json: package.json has no "mcpName" (the server\'s name in the MCP Registry, such as "io.github.you/weather"; the registry reads it there)\n',
    });
    expect(readdirSync(join(dir, "release"))).toEqual(["weather-1.2.0.mcpb"]);
  });

  it("packs a program built into one file (esbuild) with no dependencies at all: the manifest, package.json and the program", () => {
    const dir = variant("no-dependencies", json({ dependencies: undefined }), program("bundle: true"));
    const ran = run(NODE, ["bin/weather.ts", "bundle", "--out", "release"], dir);
    expect({ status: ran.status, stderr: ran.stderr }).toEqual({ status: 0, stderr: "" });
    expect(ran.stdout).toMatch(/^wrote release\/weather-1\.2\.0\.mcpb: 3 files, /);
  });

  it("packs bundle.icon as the bundle's icon.png, which the official mcpb CLI checks is a PNG", () => {
    const dir = variant("icon", json({}), program('bundle: { icon: "assets/weather.png" }'));
    mkdirSync(join(dir, "assets"));
    writeFileSync(join(dir, "assets/weather.png"), Buffer.from(PNG, "base64"));
    const ran = run(NODE, ["bin/weather.ts", "bundle", "--out", "release"], dir);
    expect({ status: ran.status, stderr: ran.stderr }).toEqual({ status: 0, stderr: "" });
    const into = join(work, "icon-unpacked");
    mcpb("unpack", join(dir, "release/weather-1.2.0.mcpb"), into);
    expect(JSON.parse(readFileSync(join(into, "manifest.json"), "utf8")).icon).toBe("icon.png");
    expect(readFileSync(join(into, "icon.png")).equals(Buffer.from(PNG, "base64"))).toBe(true);
    const validate = mcpb("validate", join(into, "manifest.json"));
    expect({ status: validate.status, first: validate.stdout.split("\n")[0] }).toEqual({
      status: 0,
      first: "Manifest schema validation passes!",
    });
    expect(validate.stdout).toContain("Icon validation passed.");
  });

  it.each([
    ["missing.png", 'weather bundle: bundle.icon "missing.png" cannot be read: no such file in the package'],
    ["package.png", 'weather bundle: bundle.icon "package.png" is not a PNG file'],
    ["../outside.png", 'weather bundle: bundle.icon "../outside.png" is not inside the package'],
  ])("refuses the icon %s in one line", (icon, line) => {
    const dir = variant(`icon-${icon.replace(/\W/g, "-")}`, json({}), program(`bundle: { icon: ${JSON.stringify(icon)} }`));
    writeFileSync(join(dir, "package.png"), "not a picture");
    const ran = run(NODE, ["bin/weather.ts", "bundle", "--out", "release"], dir);
    expect({ status: ran.status, stderr: ran.stderr }).toEqual({ status: 1, stderr: `${line}\n` });
    expect(existsSync(join(dir, "release"))).toBe(false);
  });

  it("reads a package.json that begins with a byte-order mark, as some editors write it", () => {
    const dir = variant("bom", json({}), program("bundle: true"));
    writeFileSync(join(dir, "package.json"), `\uFEFF${readFileSync(join(dir, "package.json"), "utf8")}`);
    const ran = run(NODE, ["bin/weather.ts", "bundle", "--out", "release"], dir);
    expect({ status: ran.status, stderr: ran.stderr }).toEqual({ status: 0, stderr: "" });
    expect(readdirSync(join(dir, "release")).sort()).toEqual(["server.json", "weather-1.2.0.mcpb"]);
  });

  it("reads only --out and --help", () => {
    const ran = run(NODE, ["bin/weather.ts", "bundle", "--outt", "x"], project);
    expect({ status: ran.status, stderr: ran.stderr }).toEqual({
      status: 1,
      stderr: 'Invalid arguments: unknown option "--outt"; takes --out, --help\n',
    });
    const help = run(NODE, ["bin/weather.ts", "bundle", "--help"], project);
    expect(help.stdout).toBe(
      [
        "Usage:",
        "  weather bundle [options]",
        "",
        "Pack the program, its tools and its production dependencies into an MCP Bundle (.mcpb) that a host such as",
        "Claude Desktop installs, and write server.json for the MCP Registry beside it.",
        "",
        "Options:",
        "  --out <dir>  Write both files in this directory (created if missing; default: the current one)",
        "  -h, --help   Show this help",
        "",
      ].join("\n"),
    );
  });
});
