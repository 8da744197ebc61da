/**
 * The Clients page (docs/content/2.hosts/11.clients.md) draws its table from
 * docs/app/data/clients.json, whose rows the clients' own tests write and
 * check (test/helpers/client-row.ts). Here: the page uses the table, and the
 * file holds one complete row for each client the suite drives, no more.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CLIENTS_FILE, type ClientRow } from "./helpers/client-row.ts";

const page = readFileSync(new URL("../docs/content/2.hosts/11.clients.md", import.meta.url), "utf8");
const rows = JSON.parse(readFileSync(CLIENTS_FILE, "utf8")) as ClientRow[];

describe("the Clients page", () => {
  it("draws the table the clients' tests write", () => {
    expect(page).toContain("\n::client-table\n::\n");
  });

  it("has a row for each client the suite drives, in order, each with every field said", () => {
    expect(rows.map((row) => row.key)).toEqual(["claude-code", "gemini-cli", "codex-cli"]);
    const fields = [
      "key",
      "client",
      "version",
      "transports",
      "revision",
      "questions",
      "progress",
      "images",
      "views",
      "listChanged",
      "endsSession",
      "setting",
    ];
    for (const row of rows) {
      expect(Object.keys(row)).toEqual(fields);
      for (const field of fields) expect(row[field as keyof ClientRow], `${row.key}.${field}`).toMatch(/\S/);
    }
  });
});
