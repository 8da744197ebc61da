/**
 * The host matrix's command-line row. Run as a program
 * (`node --conditions=agntn-source test/helpers/hosts/cli.ts <words>`), this
 * file is the bin: runCli over the matrix tools (or over the fixture module
 * AGNTN_MATRIX_FIXTURE names). Imported, it is the driver: it runs that
 * program as a child process once per case, with the case's words, and
 * answers each case with the exit code, stdout and stderr.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { toolsFor } from "@agntn/tools";
import { runCli } from "@agntn/tools/cli";
import { callOf, FIXTURE_ENV, MATRIX, type MatrixFixture } from "./fixture.ts";

if (import.meta.main) {
  const path = process.env[FIXTURE_ENV];
  // The commands are the tools this caller sees, read from the module's list (a fixed array or a createToolList list) now.
  const tools = await toolsFor(path ? (await import(path)).tools : MATRIX.tools);
  await runCli({ name: "matrix", version: "1.0.0", description: "The host matrix's tools on the command line.", tools });
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliDriver {
  call(id: string): Promise<CliRun>;
  close(): Promise<void>;
}

const root = fileURLToPath(new URL("../../..", import.meta.url));
const bin = fileURLToPath(import.meta.url);

function run(words: readonly string[], fixture: MatrixFixture): Promise<CliRun> {
  // Pipes, not a terminal: no progress line; and no AGNTN_TOOLS_STACK, so a throw prints its one line only.
  const { AGNTN_TOOLS_STACK: _stack, [FIXTURE_ENV]: _fixture, ...rest } = process.env;
  const env = fixture === MATRIX ? rest : { ...rest, [FIXTURE_ENV]: fixture.path };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--conditions=agntn-source", bin, ...words], {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs every case, one child at a time (each is a Node start-up: the matrix starts this early, beside OMP's bun). */
export async function openCli(fixture: MatrixFixture = MATRIX): Promise<CliDriver> {
  const runs = new Map<string, CliRun>();
  for (const id of fixture.CASE_IDS) runs.set(id, await run(callOf(fixture, id).words, fixture));
  return {
    async call(id) {
      const done = runs.get(id);
      if (!done) throw new Error(`the command line made no call for ${id}`);
      return done;
    },
    async close() {},
  };
}
