/**
 * The Codex CLI (`@openai/codex`), driven for real: its native binary, from
 * the platform package npm installs beside it (found as the package's own
 * bin/codex.js finds it), runs `codex exec` headless against the fake
 * Responses API on loopback, with one MCP server: over Streamable HTTP
 * (`url`) or over stdio (`command`, `args`, `env`: the test's stdio fixture,
 * runCli's `mcp` command). It runs in a temporary home whose `config.toml`
 * holds all it needs: a custom model provider (`wire_api = "responses"`, the
 * key in an environment variable, no retries), the server (`required =
 * true`, so the first turn waits for its tools: an optional server gets a
 * one-second grace, after which the turn goes without them), and no
 * analytics and no plugins (the two that reach for the internet). `exec`
 * runs with approval `never` and a read-only sandbox, its defaults, under
 * which it calls MCP tools without asking. The fake is also the CLI's HTTPS
 * proxy, so any other request it makes is written down rather than sent.
 *
 * The fake model's script: a turn that offers the server's tool and has not
 * yet read a result calls it with the given arguments; every other turn says
 * `FINAL_TEXT`, which `exec` prints as its last message.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { runToEnd } from "../child.ts";
import {
  callOutputs,
  callTurn,
  type FakeResponsesApi,
  fakeResponsesApi,
  type ResponsesItem,
  type ResponsesRequest,
  textTurn,
} from "../fake-responses.ts";
import { stdioCommand } from "../mcp-wire.ts";

/** The server's name in `mcp_servers`. */
export const CODEX_SERVER = "agntn";

/** The namespace Codex offers the server's tools in: the model calls `text_slug` in `mcp__agntn`. */
export const CODEX_NAMESPACE = `mcp__${CODEX_SERVER}`;

/** What the model says once it has read the tool's answer; `exec` prints it. */
export const FINAL_TEXT = "All done.";

/** The model the config names: unknown to Codex, which then warns and uses its fallback model metadata. */
export const CODEX_MODEL = "gpt-test";

/** The platform package for each target, as bin/codex.js maps them. */
const TARGETS = new Map([
  ["linux x64", { triple: "x86_64-unknown-linux-musl", pkg: "@openai/codex-linux-x64" }],
  ["linux arm64", { triple: "aarch64-unknown-linux-musl", pkg: "@openai/codex-linux-arm64" }],
  ["darwin x64", { triple: "x86_64-apple-darwin", pkg: "@openai/codex-darwin-x64" }],
  ["darwin arm64", { triple: "aarch64-apple-darwin", pkg: "@openai/codex-darwin-arm64" }],
  ["win32 x64", { triple: "x86_64-pc-windows-msvc", pkg: "@openai/codex-win32-x64" }],
  ["win32 arm64", { triple: "aarch64-pc-windows-msvc", pkg: "@openai/codex-win32-arm64" }],
]);

/** The native binary and the version it reports. */
export interface CodexBinary {
  path: string;
  /** As `codex --version` prints it, e.g. `codex-cli 0.169.1`. */
  version: string;
}

let found: CodexBinary | undefined;

/**
 * The platform package's `codex` binary, looked up the way bin/codex.js does (the platform package from
 * `@openai/codex`'s own location, else the package's `vendor` folder), and run once with `--version`. Anything
 * missing or a binary that will not run on this machine stops the test in one line.
 */
export function codexBinary(): CodexBinary {
  if (found) return found;
  const target = TARGETS.get(`${process.platform} ${process.arch}`);
  if (!target) throw new Error(`Codex CLI cannot run: no Codex binary is published for ${process.platform} ${process.arch}`);
  let manifest: string;
  try {
    manifest = createRequire(import.meta.url).resolve("@openai/codex/package.json");
  } catch {
    throw new Error("Codex CLI cannot run: @openai/codex is not installed (npm install)");
  }
  let vendor = join(dirname(manifest), "vendor");
  try {
    vendor = join(dirname(createRequire(manifest).resolve(`${target.pkg}/package.json`)), "vendor");
  } catch {
    // Not installed apart: bin/codex.js then looks in the package's own vendor folder.
  }
  const path = join(vendor, target.triple, "bin", process.platform === "win32" ? "codex.exe" : "codex");
  if (!existsSync(path)) {
    throw new Error(`Codex CLI cannot run: ${target.pkg} is not installed, no binary at ${path} (npm install, without --omit=optional)`);
  }
  const probe = spawnSync(path, ["--version"], { encoding: "utf8", timeout: 20_000 });
  const version = probe.stdout?.trim() ?? "";
  if (probe.error || probe.status !== 0 || !version) {
    const why = probe.error?.message ?? (probe.stderr?.trim().split("\n")[0] || `exit ${probe.status ?? probe.signal}`);
    throw new Error(`Codex CLI cannot run on this machine: ${path} --version failed: ${why}`);
  }
  found = { path, version };
  return found;
}

export interface CodexRunOptions {
  /**
   * The server: an MCP endpoint (`url`), or over stdio the test's stdio fixture (`command`, `args`, `env`),
   * which writes down what passes on its pipes to the file `record` names.
   */
  server: { url: URL | string } | { record: string };
  /** The MCP tool the model calls, by the name the server lists. */
  tool: string;
  /** The arguments of that call, as the model sends them. */
  args: Record<string, unknown>;
  prompt?: string;
  /** Features to turn on (`--enable <name>`), e.g. `mcp_2026_07_28`. */
  enable?: string[];
  /** Kills the CLI after this long (default 40 s). */
  timeoutMs?: number;
}

export interface CodexRun {
  /** The exit code, or the signal that ended it. */
  exit: number | string | null;
  stdout: string;
  stderr: string;
  /** Every model request the fake API received. */
  requests: FakeResponsesApi["requests"];
  /** Every other request it received (a `CONNECT` for anything bound for the internet). */
  other: string[];
  /** The `output` of the first `function_call_output` the CLI sent back: what the model read of the call. */
  read: ResponsesItem["output"];
}

/** A TOML string or array of strings (JSON's spelling of both is valid TOML). */
function toml(value: string | string[]): string {
  return JSON.stringify(value);
}

/** The server's table in `config.toml`. */
function serverTable(server: CodexRunOptions["server"]): string[] {
  const where =
    "url" in server
      ? [`url = ${toml(String(server.url))}`]
      : (() => {
          const { command, args, env } = stdioCommand(server.record);
          const pairs = Object.entries(env).map(([key, value]) => `${key} = ${toml(value)}`);
          return [`command = ${toml(command)}`, `args = ${toml(args)}`, `env = { ${pairs.join(", ")} }`];
        })();
  return [`[mcp_servers.${CODEX_SERVER}]`, ...where, "required = true"];
}

/** The `config.toml` of the temporary home. */
function config(api: string, server: CodexRunOptions["server"]): string {
  return [
    `model = ${toml(CODEX_MODEL)}`,
    `model_provider = "fake"`,
    "",
    "[model_providers.fake]",
    `name = "Fake Responses API"`,
    `base_url = ${toml(`${api}/v1`)}`,
    `env_key = "AGNTN_FAKE_OPENAI_KEY"`,
    `wire_api = "responses"`,
    "request_max_retries = 0",
    "stream_max_retries = 0",
    "",
    "[analytics]",
    "enabled = false",
    "",
    "[features]",
    "plugins = false",
    "",
    ...serverTable(server),
    "",
  ].join("\n");
}

/** Whether a request offers the tool in the server's namespace. */
function offers(request: ResponsesRequest, tool: string): boolean {
  const namespace = (request.tools ?? []).find((entry) => entry.type === "namespace" && entry.name === CODEX_NAMESPACE);
  return (namespace?.tools ?? []).some((entry) => entry.name === tool);
}

/** Runs `codex exec` once, in which the model calls `tool` with `args` and then ends. */
export async function runCodex(options: CodexRunOptions): Promise<CodexRun> {
  const { path } = codexBinary();
  const api = await fakeResponsesApi((request) =>
    offers(request, options.tool) && callOutputs(request).length === 0
      ? callTurn(options.tool, options.args, CODEX_NAMESPACE)
      : textTurn(FINAL_TEXT),
  );
  const root = mkdtempSync(join(tmpdir(), "agntn-codex-"));
  const home = join(root, "home");
  const codexHome = join(home, ".codex");
  const work = join(root, "work");
  mkdirSync(codexHome, { recursive: true });
  mkdirSync(work);
  writeFileSync(join(codexHome, "config.toml"), config(api.url, options.server));
  const args = ["exec", "--skip-git-repo-check", "--ephemeral", "--color", "never"];
  for (const feature of options.enable ?? []) args.push("--enable", feature);
  args.push(options.prompt ?? "Use the tool.");
  try {
    const { exit, stdout, stderr } = await runToEnd(path, args, {
      cwd: work,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: home,
        CODEX_HOME: codexHome,
        AGNTN_FAKE_OPENAI_KEY: "test-key",
        HTTPS_PROXY: api.url,
        HTTP_PROXY: api.url,
        ALL_PROXY: api.url,
        NO_PROXY: "127.0.0.1,localhost",
        NO_COLOR: "1",
        TERM: "dumb",
      },
      timeoutMs: options.timeoutMs ?? 40_000,
      cannot: "Codex CLI cannot run on this machine",
    });
    const answered = api.requests.find((request) => callOutputs(request).length > 0);
    return { exit, stdout, stderr, requests: [...api.requests], other: [...api.other], read: callOutputs(answered)[0]?.output };
  } finally {
    await api.close();
    rmSync(root, { recursive: true, force: true });
  }
}
