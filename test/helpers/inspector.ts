/**
 * The official MCP Inspector (`@modelcontextprotocol/inspector`, its web
 * client) as a host that renders MCP Apps views, driven headless in Chromium.
 * A view that works in a unit test can still be dead in a real host (a script
 * the host's Content-Security-Policy refuses, a file it cannot fetch), so the
 * test opens it where a user would.
 *
 * Starting it (`startInspector`): the package's `mcp-inspector` bin with
 * `--web --catalog <file>`, as a child process. The catalog is a file written
 * here with the servers the test names, each a Streamable HTTP URL or a stdio
 * command, and each with its `protocolEra` (`legacy` speaks 2025-11-25,
 * `modern` pins 2026-07-28). The environment keeps it to this machine and
 * this run:
 * - `HOST=127.0.0.1` binds it to loopback; `CLIENT_PORT` is a port free a
 *   moment ago (the web server takes no 0: its allowed origins and the
 *   sandbox's `frame-ancestors` are built from the number); the MCP Apps
 *   sandbox (`MCP_SANDBOX_PORT`) and the app-origin server
 *   (`MCP_APP_ORIGIN_PORT`) take any free port (0);
 * - `MCP_AUTO_OPEN_ENABLED=false` stops it opening a desktop browser;
 * - `MCP_INSPECTOR_API_TOKEN` is a fresh token the page is opened with
 *   (`/?MCP_INSPECTOR_API_TOKEN=<token>`), as the Inspector's own banner does;
 * - `HOME` and `MCP_STORAGE_DIR` point into a temporary folder and
 *   `MCP_INSPECTOR_SECRET_STORE=memory`, so nothing is read from or left in
 *   the user's ~/.mcp-inspector or keychain.
 * Its output is kept, for a failing test to print.
 *
 * Driving it (`open`, then `runApp`): the page's Servers list has a switch per
 * server ("Connect or disconnect <name>"); the header's Apps tab lists the
 * tools that have a view, by title; the form's "Edit as JSON" switch turns the
 * arguments into one JSON editor (the plain text field drops newlines); "Open
 * App" (`data-testid="open-app"`) calls the tool and renders the view. The
 * view sits two frames deep: the Inspector's page holds the sandbox proxy
 * (`<iframe src="http://127.0.0.1:<port>/sandbox">`, another origin), which
 * holds the view itself as a `srcdoc` frame under the CSP the Inspector wrote
 * into it. The Inspector's deep link (`?serverUrl=…&autoConnect=<token>&
 * openApp=…&appArgs=…`) would skip the clicks, but it takes neither a stdio
 * server nor a protocol era, so the clicks serve every case the same way.
 *
 * The page loads Google Fonts; this machine has no internet, so those
 * requests are answered here with an empty stylesheet (no console error).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Browser, BrowserContext, FrameLocator, Page } from "playwright-core";
import { stopChild } from "./child.ts";
import { freePort } from "./loopback.ts";

/** How the Inspector's client opens a connection: `legacy` is 2025-11-25, `modern` pins 2026-07-28, `auto` tries modern first. */
export type ProtocolEra = "legacy" | "auto" | "modern";

/** A server as the Inspector's catalog file (`mcpServers`) takes it. */
export type InspectorServer =
  | { type: "streamable-http"; url: string; protocolEra?: ProtocolEra }
  | {
      type: "stdio";
      command: string;
      args?: string[];
      /** Added to the few variables the Inspector passes on (HOME, PATH, …). */
      env?: Record<string, string>;
      cwd?: string;
      protocolEra?: ProtocolEra;
    };

export interface Inspector {
  /** The web client's origin, e.g. `http://127.0.0.1:41234`. */
  origin: string;
  /** Everything the Inspector printed so far, and its log file. */
  output(): string;
  /** A new page (its own browser context) on the Inspector, connected to the catalog's server `name`. */
  open(browser: Browser, name: string): Promise<InspectorSession>;
  /** Stops the Inspector (it stops the stdio servers it started) and removes its folder. */
  stop(): Promise<void>;
}

export interface InspectorSession {
  page: Page;
  /** The revision the server card shows once connected, e.g. `MCP 2026-07-28`. */
  revision: string;
  /** Console errors and uncaught exceptions of the page and all its frames, the view's included, in order. */
  errors: string[];
  /** Opens the Apps tab, picks the app by its title, enters `args` as JSON and opens it: the view's own frame. */
  runApp(title: string, args: Record<string, unknown>): Promise<FrameLocator>;
  /** A picture of the page as it is (the Apps tab once `runApp` ran), written to `path` (folders made). */
  screenshot(path: string): Promise<void>;
  /** Disconnects the server (a stdio server is stopped) and closes the page. */
  close(): Promise<void>;
}

/** Long enough for a slow start on two busy cores, short enough that a hang fails the test. */
const START_MS = 60_000;
const STEP_MS = 30_000;

/** The `mcp-inspector` bin of the installed package. */
function launcher(): string {
  const manifest = createRequire(import.meta.url).resolve("@modelcontextprotocol/inspector/package.json");
  const { bin } = JSON.parse(readFileSync(manifest, "utf8")) as { bin: Record<string, string> };
  return join(dirname(manifest), bin["mcp-inspector"] as string);
}

/** Starts the Inspector's web client with `servers` in its catalog; resolves once it says it is up. */
export async function startInspector(servers: Record<string, InspectorServer>): Promise<Inspector> {
  const folder = mkdtempSync(join(tmpdir(), "agntn-inspector-"));
  const catalog = join(folder, "mcp.json");
  const logFile = join(folder, "inspector.log");
  writeFileSync(catalog, `${JSON.stringify({ mcpServers: servers }, null, 2)}\n`);
  const token = randomBytes(24).toString("hex");
  let printed = "";
  const output = () => {
    let log = "";
    try {
      log = readFileSync(logFile, "utf8");
    } catch {
      // No log written yet.
    }
    // The log has a line per request: its end is what explains a failure.
    const end = log.split("\n").slice(-60).join("\n");
    return `${printed}${log === "" ? "" : `\n--- the end of ${logFile} ---\n${end}`}`;
  };

  // The port is free when probed and may be taken before the Inspector binds it: then it exits saying so, and
  // another port is tried.
  let child: ChildProcess | undefined;
  let port = 0;
  for (let attempt = 1; child === undefined; attempt++) {
    port = await freePort();
    const started = spawn(process.execPath, [launcher(), "--web", "--catalog", catalog], {
      cwd: folder,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        PATH: process.env.PATH ?? "",
        HOME: folder,
        HOST: "127.0.0.1",
        CLIENT_PORT: String(port),
        MCP_SANDBOX_PORT: "0",
        MCP_APP_ORIGIN_PORT: "0",
        MCP_AUTO_OPEN_ENABLED: "false",
        MCP_INSPECTOR_API_TOKEN: token,
        MCP_STORAGE_DIR: join(folder, "storage"),
        MCP_INSPECTOR_SECRET_STORE: "memory",
        MCP_LOG_FILE: logFile,
      },
    });
    const collect = (chunk: Buffer) => {
      printed += chunk.toString();
    };
    started.stdout?.on("data", collect);
    started.stderr?.on("data", collect);
    const up = await new Promise<"up" | "port" | "failed">((resolve) => {
      const timer = setTimeout(() => resolve("failed"), START_MS);
      const check = () => {
        // "Auth token:" is the banner's last line that always comes, after the sandbox's address.
        if (/Auth token: /.test(printed)) done("up");
      };
      const done = (how: "up" | "port" | "failed") => {
        clearTimeout(timer);
        started.stdout?.off("data", check);
        started.off("exit", exited);
        resolve(how);
      };
      const exited = () => done(/PORT IS IN USE/.test(printed) && attempt < 3 ? "port" : "failed");
      started.stdout?.on("data", check);
      started.once("exit", exited);
    });
    if (up === "up") child = started;
    else {
      started.kill("SIGKILL");
      if (up === "failed") {
        rmSync(folder, { recursive: true, force: true });
        throw new Error(`the MCP Inspector did not start:\n${output()}`);
      }
    }
  }
  const running = child;
  const origin = `http://127.0.0.1:${port}`;

  return {
    origin,
    output,
    open: (browser, name) => openSession(browser, origin, token, name),
    async stop() {
      // SIGTERM lets it close its servers and the stdio servers it started; SIGKILL if it hangs.
      await stopChild(running, "SIGTERM");
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** The page, its errors gathered, connected to server `name` from the Servers list. */
async function openSession(browser: Browser, origin: string, token: string, name: string): Promise<InspectorSession> {
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  await page.route(/^https:\/\/fonts\.(googleapis|gstatic)\.com\//, (route) =>
    route.fulfill({ status: 200, contentType: "text/css", body: "" }),
  );
  // The server's switch is a checkbox Mantine covers with its own track: the label around both is what a user clicks.
  const connection = page.locator("label").filter({ has: page.getByRole("switch", { name: `Connect or disconnect "${name}"` }) });
  const connected = page.locator('[data-testid="connection-status"][data-status="connected"]');
  /** A tab of the header (Servers, Apps, Tools, …): a radio input Mantine hides under its label. */
  const tab = (label: string) => page.locator("header label").filter({ hasText: new RegExp(`^${label}$`) });
  try {
    await page.goto(`${origin}/?MCP_INSPECTOR_API_TOKEN=${token}`);
    await connection.click({ timeout: STEP_MS });
    await connected.waitFor({ timeout: STEP_MS });
  } catch (error) {
    await context.close();
    throw new Error(`the Inspector did not connect to ${name}: ${(error as Error).message}\npage errors: ${errors.join("\n")}`);
  }
  // Only the connected server's card says which revision it speaks.
  const revision = ((await page.getByText(/^MCP \d{4}-\d{2}-\d{2}$/).textContent({ timeout: STEP_MS })) ?? "").trim();

  return {
    page,
    revision,
    errors,
    async runApp(title, args) {
      await tab("Apps").click({ timeout: STEP_MS });
      await page
        .locator('button[data-variant="listItem"]')
        .filter({ has: page.getByText(title, { exact: true }) })
        .click({ timeout: STEP_MS });
      const form = page.getByTestId("apps-form");
      // Another Mantine switch; this one turns on at once, so `check` can force the click and see it take.
      await form.getByRole("switch", { name: "Edit as JSON" }).check({ force: true, timeout: STEP_MS });
      // The JSON editor is Monaco: its hidden textarea takes the keys; select all, then insert the text whole
      // (typed key by key, the editor would add closing brackets and quotes of its own).
      await form.getByRole("textbox", { name: /^Arguments JSON/ }).focus({ timeout: STEP_MS });
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.insertText(JSON.stringify(args));
      await page.getByTestId("open-app").click({ timeout: STEP_MS });
      const proxy = page.locator('iframe[src$="/sandbox"]');
      await proxy.waitFor({ timeout: STEP_MS });
      return proxy.contentFrame().locator("iframe").contentFrame();
    },
    async screenshot(path) {
      mkdirSync(dirname(path), { recursive: true });
      // `animations: "disabled"` finishes the view's bar transitions, so the picture shows their final lengths.
      await page.screenshot({ path, animations: "disabled" });
    },
    async close() {
      try {
        // The switch is on the Servers tab; without a disconnect a stdio server would live on until the Inspector stops.
        if ((await connected.count()) > 0) {
          await tab("Servers").click({ timeout: STEP_MS });
          await connection.click({ timeout: STEP_MS });
          await page
            .locator('[data-testid="connection-status"][data-status="disconnected"]')
            .waitFor({ state: "attached", timeout: STEP_MS });
        }
      } finally {
        await context.close();
      }
    },
  };
}
