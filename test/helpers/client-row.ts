/**
 * The Clients page's table (docs/app/data/clients.json), one row per real
 * MCP client, each written from what that client's test saw it do. A test
 * builds its client's row from its own records and checks it against the
 * committed one, so the page cannot drift from the clients; after a client
 * changes, `AGNTN_WRITE_CLIENTS=1 npx vitest run test/<client>.test.ts`
 * writes the row anew (one client at a time: each run rewrites the file).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { expect } from "vitest";

export const CLIENTS_FILE = new URL("../../docs/app/data/clients.json", import.meta.url);

/** One client as the page shows it: each field one short sentence of what the tests saw. */
export interface ClientRow {
  key: string;
  client: string;
  /** The version the client names in its `clientInfo`. */
  version: string;
  transports: string;
  revision: string;
  questions: string;
  progress: string;
  images: string;
  views: string;
  listChanged: string;
  endsSession: string;
  /** The one setting a user needs for the tools to work. */
  setting: string;
}

/** The order the page lists the clients in. */
const ORDER = ["claude-code", "gemini-cli", "codex-cli"];

function committed(): ClientRow[] {
  return JSON.parse(readFileSync(CLIENTS_FILE, "utf8")) as ClientRow[];
}

/** Checks the row against the page's (or, with AGNTN_WRITE_CLIENTS=1, writes it there). */
export function expectClientRow(row: ClientRow): void {
  if (process.env.AGNTN_WRITE_CLIENTS === "1") {
    const rows = committed().filter((entry) => entry.key !== row.key);
    rows.push(row);
    rows.sort((a, b) => ORDER.indexOf(a.key) - ORDER.indexOf(b.key));
    writeFileSync(CLIENTS_FILE, `${JSON.stringify(rows, null, 2)}\n`);
  }
  expect(committed().find((entry) => entry.key === row.key)).toEqual(row);
}

/** How a client let a stdio server go, from the server's record of its endings (test/helpers/mcp-wire.ts). */
export function stdioEnding(endings: readonly string[]): string {
  const said = endings.map((end) => (end === "stdin end" ? "closes standard input" : `ends the server with ${end.replace("signal ", "")}`));
  return `stdio: ${said.join(", then ")}`;
}
