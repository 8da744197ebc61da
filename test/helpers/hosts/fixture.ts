/**
 * What a host of the matrix serves and calls: a fixture module's tools, its
 * calls by case, and the server name MCP hosts announce. The host matrix's own
 * (test/fixtures/matrix-tools.ts) is every helper's default; the rows of a
 * tool with a view serve test/fixtures/matrix-app-tools.ts. Hosts that run in
 * another process (the command line, OMP under bun) load the module by path.
 */
import { fileURLToPath } from "node:url";
import type { AnyTool, ServerInfo, ToolList } from "@agntn/tools";
import { createTestHost, type HostName } from "@agntn/tools/testing";
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

/** A host of the matrix, opened through the testing kit: `call` answers with the host's own value, as the rows pin it. */
export interface KitDriver {
  call(id: string): Promise<unknown>;
  names(): Promise<string[] | undefined>;
  close(): Promise<void>;
}

/** Opens a kit host on a fixture: its tools, its calls, its server name, and its module for the hosts in a process of their own. */
export async function openKitHost(name: HostName, fixture: MatrixFixture = MATRIX): Promise<KitDriver> {
  const host = await createTestHost(name, {
    tools: fixture.tools,
    calls: fixture.MATRIX_CALLS,
    server: fixture.MATRIX_SERVER,
    module: fixture.path,
  });
  return { call: async (id) => (await host.call(id)).raw, names: () => host.names(), close: () => host.close() };
}
