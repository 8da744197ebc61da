/**
 * The Chromium the browser tests drive. One on PATH is used when there is one
 * (Debian's `chromium`, Google Chrome); otherwise the one `npm install`
 * brought: @sparticuz/chromium ships a headless Chromium inside its package
 * and unpacks it on first use, so a fresh machine needs no download and no
 * system package. Either way one line says which is used.
 */
import { accessSync, constants, existsSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { delimiter, join } from "node:path";
import { type Browser, chromium } from "playwright-core";

/** Names a Chromium or Chrome goes by on PATH, most usual first. */
const NAMES = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"];

/** Flags for a headless browser in a container: no sandbox (no user namespaces), no GPU, nothing fetched in the background. */
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];

export interface FoundBrowser {
  executablePath: string;
  args: string[];
  /** Where it came from, for the one line the tests print. */
  source: string;
}

function canRun(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first executable of `names` on `path`, or undefined. */
export function onPath(names: readonly string[], path: string | undefined = process.env.PATH): string | undefined {
  for (const dir of (path ?? "").split(delimiter).filter(Boolean)) {
    for (const name of names) {
      const file = join(dir, name);
      if (canRun(file)) return file;
    }
  }
  return undefined;
}

export async function findChromium(): Promise<FoundBrowser> {
  const local = onPath(NAMES);
  if (local) return { executablePath: local, args: FLAGS, source: `${local} (on PATH)` };
  const executablePath = await packagedChromium();
  // Not its own `args`: those are tuned for AWS Lambda (one process, web security off), which would hide what a reader's browser does.
  return { executablePath, args: FLAGS, source: `${executablePath} (@sparticuz/chromium, installed by npm)` };
}

/**
 * The Chromium of @sparticuz/chromium, unpacked. It unpacks into the temp dir (`<tmp>/chromium`, mode 700) for whoever
 * runs it first, so on a machine where another user (root, say) ran the tests before, that copy cannot be run: this
 * user then gets a copy of their own, `<tmp>/agntn-chromium-<user>/chromium`. The package unpacks wherever `TMPDIR`
 * points, so the copy is unpacked into a fresh folder and renamed into place whole; when another test file got there
 * first, its copy is used and this one removed.
 */
async function packagedChromium(): Promise<string> {
  const { default: packaged } = await import("@sparticuz/chromium");
  const shared = join(tmpdir(), "chromium");
  if (!existsSync(shared) || canRun(shared)) return packaged.executablePath();
  const own = join(tmpdir(), `agntn-chromium-${userInfo().username}`);
  const binary = join(own, "chromium");
  if (canRun(binary)) return binary;
  const partial = mkdtempSync(join(tmpdir(), "agntn-chromium-partial-"));
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = partial;
  try {
    await packaged.executablePath();
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  }
  try {
    renameSync(partial, own);
  } catch {
    rmSync(partial, { recursive: true, force: true });
  }
  return binary;
}

/** Launches the browser the tests drive and says which one it is. */
export async function launchChromium(): Promise<Browser> {
  const found = await findChromium();
  process.stderr.write(`browser tests: Chromium from ${found.source}\n`);
  return chromium.launch({ executablePath: found.executablePath, args: found.args });
}
