/**
 * What a host of the matrix serves and calls: a fixture module's tools, its
 * calls by case, and the server name MCP hosts announce. The host matrix's own
 * (test/fixtures/matrix-tools.ts) is every helper's default; the rows of a
 * tool with a view serve test/fixtures/matrix-app-tools.ts. Hosts that run in
 * another process (the command line, OMP under bun) load the module by path.
 */
import { fileURLToPath } from "node:url";
import type { AnyTool, ServerInfo, ToolList } from "@agntn/tools";
import * as matrix from "../../fixtures/matrix-tools.ts";

/** One call: the tool name and arguments a caller sends, and the command line's words for the same call. */
export interface FixtureCall {
  tool: string;
  args: Record<string, unknown>;
  words: string[];
}

/** What such a module exports, under the matrix's names, and where it is. */
export interface MatrixFixture {
  MATRIX_SERVER: ServerInfo;
  /** A fixed list, or a `createToolList` list: MCP faces follow it, other hosts read it when they build their toolset. */
  tools: readonly AnyTool[] | ToolList;
  MATRIX_CALLS: Readonly<Record<string, FixtureCall>>;
  CASE_IDS: readonly string[];
  /** The module's file, for a host in another process. */
  path: string;
}

export const MATRIX: MatrixFixture = {
  MATRIX_SERVER: matrix.MATRIX_SERVER,
  tools: matrix.tools,
  MATRIX_CALLS: matrix.MATRIX_CALLS,
  CASE_IDS: matrix.CASE_IDS,
  path: fileURLToPath(new URL("../../fixtures/matrix-tools.ts", import.meta.url)),
};

/** A case's call; a case the fixture does not have is the test's own mistake. */
export function callOf(fixture: MatrixFixture, id: string): FixtureCall {
  const call = Object.hasOwn(fixture.MATRIX_CALLS, id) ? fixture.MATRIX_CALLS[id] : undefined;
  if (!call) throw new Error(`the fixture has no case ${id}`);
  return call;
}

/** The environment variable that names the fixture module to a host in another process; unset, the matrix's own. */
export const FIXTURE_ENV = "AGNTN_MATRIX_FIXTURE";
