/**
 * text_stats' view (playground/server/stats-view.html) in a real host: the
 * official MCP Inspector 2.12's web client, headless, driven in Chromium
 * (test/helpers/inspector.ts). The demo tools are served twice: by
 * createMcpHttpHandler on a loopback port (views bundled at start-up with
 * bundleViews), and by a runCli program's `mcp` command over stdio
 * (test/fixtures/inspector-cli.ts; runCli bundles by itself). The Inspector
 * connects to each on both protocol revisions, runs text_stats from its Apps
 * tab, and the view must show the input and the counts, then call text_badge
 * back through the Inspector and draw the badge, with no Content-Security-
 * Policy violation on the way. One Inspector and one browser serve the file.
 *
 * Both revisions: the Inspector's client is @modelcontextprotocol/client
 * 2.3.1, and each server entry takes a `protocolEra` (CLI flag
 * `--protocol-era legacy|auto|modern`, clients/web/build/index.js lines
 * 9535-9538 and 9615-9616; the same key per server in a catalog file,
 * lines 483-484). The page maps it to the SDK's `versionNegotiation`
 * (clients/web/dist/assets/index-qtX15-Bz.js, function `ple`: `legacy` →
 * `{ mode: "legacy" }`, `modern` → `{ mode: { pin: "2026-07-28" } }`,
 * `auto` → `{ mode: "auto" }`); `legacy` is the default (build/index.js line
 * 96). So `legacy` speaks 2025-11-25 and `modern` 2026-07-28; both are
 * checked from the server card ("MCP 2026-07-28") and from the revision each
 * call reached the server with.
 *
 * Pictures of the Apps tab go to test-results/screenshots/inspector-*.png;
 * with AGNTN_WRITE_DOCS_PICTURES=1 the one after the badge (Streamable HTTP,
 * 2026-07-28) is also written to docs/public/inspector-text-stats.png, next
 * to the site's other pictures.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { withMiddleware } from "@agntn/tools";
import { createMcpHttpHandler } from "@agntn/tools/mcp";
import { bundleViews } from "@agntn/tools/views";
import { type Server, serve } from "srvx";
import { afterAll, beforeAll, describe, it } from "vitest";
import { tools } from "../playground/server/tools.ts";
import type { InspectorServer } from "./helpers/inspector.ts";
import { readCalls, type ServedCall, withInspector } from "./helpers/inspector-stats.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const SHOTS = join(root, "test-results/screenshots");
const DOCS_PICTURE = join(root, "docs/public/inspector-text-stats.png");
const INFO = { name: "agntn-demo", version: "0.1.0", title: "@agntn/tools demo" };

const folder = mkdtempSync(join(tmpdir(), "agntn-inspector-test-"));
/** What the HTTP server received, in order. */
const httpCalls: ServedCall[] = [];
let server: Server | undefined;
let handler: ReturnType<typeof createMcpHttpHandler> | undefined;
let url = "";

/** A stdio entry of the catalog: the fixture program under the package's source condition, its calls to a file. */
function stdio(name: string, protocolEra: "legacy" | "modern"): InspectorServer {
  return {
    type: "stdio",
    command: process.execPath,
    args: ["--conditions=agntn-source", join(root, "test/fixtures/inspector-cli.ts"), "mcp"],
    cwd: root,
    env: { INSPECTOR_CLI_CALLS: join(folder, `${name}.jsonl`) },
    protocolEra,
  };
}

function callsOf(name: string): ServedCall[] {
  return name.startsWith("http") ? httpCalls : readCalls(join(folder, `${name}.jsonl`));
}

beforeAll(async () => {
  const served = withMiddleware(await bundleViews(tools), (call, next) => {
    httpCalls.push({ tool: call.tool.name, input: call.input, revision: call.revision });
    return next();
  });
  handler = createMcpHttpHandler(INFO, served);
  const mcp = handler;
  server = serve({ hostname: "127.0.0.1", port: 0, silent: true, fetch: (request) => mcp.fetch(request) });
  await server.ready();
  url = new URL("/mcp", server.url).href;
});

const check = withInspector(() => ({
  "http-2025": { type: "streamable-http", url, protocolEra: "legacy" },
  "http-2026": { type: "streamable-http", url, protocolEra: "modern" },
  "stdio-2025": stdio("stdio-2025", "legacy"),
  "stdio-2026": stdio("stdio-2026", "modern"),
}));

afterAll(async () => {
  await handler?.close();
  await server?.close(true);
  rmSync(folder, { recursive: true, force: true });
});

describe.each([
  { name: "http-2025", transport: "Streamable HTTP", revision: "2025-11-25" },
  { name: "http-2026", transport: "Streamable HTTP", revision: "2026-07-28" },
  { name: "stdio-2025", transport: "stdio (runCli)", revision: "2025-11-25" },
  { name: "stdio-2026", transport: "stdio (runCli)", revision: "2026-07-28" },
])("text_stats' view in the MCP Inspector's Apps tab, $transport, $revision", ({ name, revision }) => {
  it("shows the input and the counts, calls text_badge through the Inspector and draws the badge", async () => {
    httpCalls.length = 0;
    // Over stdio the fixture hands runCli tools that withMiddleware made, and runCli bundles text_stats' view
    // afterwards: the recorded calls show that its copy kept the chain.
    const docs = name === "http-2026" && process.env.AGNTN_WRITE_DOCS_PICTURES === "1" ? [DOCS_PICTURE] : [];
    await check(name, revision, () => callsOf(name), {
      result: join(SHOTS, `inspector-${name}-result.png`),
      badge: [join(SHOTS, `inspector-${name}-badge.png`), ...docs],
    });
  }, 120_000);
});
