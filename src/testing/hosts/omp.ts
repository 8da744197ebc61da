/**
 * The OMP host. OMP runs under bun only, so its session runs in a bun child:
 * ./omp-session.ts opens a real OMP session on the tools of the module the
 * options name, makes every call at once, and prints what the model read of
 * each. This side runs it when the host opens and answers each call from it.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { toolsFor } from "@agntn/tools";
import { HostUnavailableError } from "../errors.ts";
import type { HostOptions, HostSession } from "../types.ts";
import { conditionFlags, runChild } from "./child.ts";
import type { OmpRead, OmpReport, OmpRequest } from "./omp-session.ts";
import { lineText } from "./read.ts";

export type { OmpRead };

/** Where the session program reads its request (the program's own constant; importing it would run the program). */
const REQUEST_ENV = "AGNTN_TESTING_OMP";

/** The program bun runs: beside this file in the sources, under dist/testing/ once built. */
const SESSION = fileURLToPath(
  import.meta.url.endsWith(".ts") ? new URL("./omp-session.ts", import.meta.url) : new URL("./testing/omp-session.js", import.meta.url),
);

/** The project's bun (node_modules/.bin, where the `bun` package puts it), else the one on PATH. */
function bunPath(): string {
  const local = join(process.cwd(), "node_modules", ".bin", "bun");
  return existsSync(local) ? local : "bun";
}

/** Runs the session program once, with every call; what it printed on its last line. */
async function runSession(options: HostOptions): Promise<OmpReport> {
  const request: OmpRequest = {
    module: pathToFileURL(options.module as string).href,
    exportName: options.exportName,
    calls: options.calls,
  };
  const env = { ...process.env, [REQUEST_ENV]: JSON.stringify(request) };
  const ended = await runChild(bunPath(), [...conditionFlags(), SESSION], { env, timeoutMs: 100_000 }).catch((error: unknown) => {
    const missing = (error as { code?: unknown }).code === "ENOENT";
    if (missing) throw new HostUnavailableError("omp needs bun: npm install --save-dev bun");
    throw error;
  });
  try {
    if (ended.code !== 0) throw new Error(`exit ${ended.code}`);
    return JSON.parse(ended.stdout.trim().split("\n").at(-1) ?? "") as OmpReport;
  } catch (error) {
    throw new Error(`the OMP session failed (${String(error)}):\n${ended.stderr}\n${ended.stdout}`);
  }
}

export async function open(options: HostOptions): Promise<HostSession> {
  const report = await runSession(options);
  // Every tool the caller sees registered (a hidden one is not), no extension error: otherwise each call would only get OMP's "not found".
  const names = (await toolsFor(options.tools)).map((tool) => tool.name);
  if (report.extensionErrors.length > 0 || report.registered.join() !== names.join()) {
    throw new Error(`OMP did not load the tools: ${JSON.stringify(report)}`);
  }
  return {
    async call(id) {
      const read = Object.hasOwn(report.reads, id) ? report.reads[id] : undefined;
      if (!read) throw new Error(`OMP made no call named ${id}`);
      return read;
    },
    async close() {},
  };
}

/** OMP's own line for an image the model cannot read, in the image's place. */
const OMP_NOTE = /^\[image omitted: /;

/** An empty object: what OMP records as the details of a result that had none. */
const isEmptyObject = (value: unknown): boolean =>
  typeof value === "object" && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;

/**
 * OMP's framing: the text blocks joined, where OMP puts its own line in an image's place (for a model that reads
 * text only) beside the core's notes for the other media: both are left out. OMP records `details: {}` for a
 * result without details and for a thrown failure, and keeps a returned failure's details: only a success's
 * details, when not that empty object, are the tool's own.
 */
export function answerOf(raw: unknown): { text: string; isError: boolean; details?: unknown } {
  const read = raw as OmpRead;
  const text = lineText(read.text)
    .split("\n")
    .filter((line) => !OMP_NOTE.test(line))
    .join("\n");
  const answer = { text, isError: read.isError };
  return read.isError || read.details === undefined || isEmptyObject(read.details) ? answer : { ...answer, details: read.details };
}
