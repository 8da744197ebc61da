/**
 * Written with @agntn/tools/testing alone, as a tool author would: two sample
 * tools (test/fixtures/kit-sample-tools.ts) through every host the kit
 * drives, one table, one check that they agree. Then the check is shown to
 * fail: on a table changed by hand, and on a real host whose answer drifts.
 */
import { fileURLToPath } from "node:url";
import { assertSameAnswers, callOnHosts, type HostTable } from "@agntn/tools/testing";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { tools } from "../fixtures/kit-sample-tools.ts";

const module = fileURLToPath(new URL("../fixtures/kit-sample-tools.ts", import.meta.url));

const calls = {
  converted: { tool: "convert_distance", args: { value: 10, from: "km" } },
  refused: { tool: "convert_distance", args: { value: 0.5, from: "yd" } },
  unknownCity: { tool: "lookup_city", args: { city: "Oslo" } },
  known: { tool: "lookup_city", args: { city: "Lyon" } },
};

const EVERY_HOST = [
  "mcp",
  "mcp-http@2025-11-25",
  "mcp-http@2026-07-28",
  "h3@2025-11-25",
  "h3@2026-07-28",
  "ai",
  "langchain",
  "openai-agents",
  "mastra",
  "anthropic",
  "claude-agent",
  "google",
  "pi",
  "omp",
  "cli",
];

let table: HostTable;

beforeAll(async () => {
  table = await callOnHosts({ tools, calls, module, server: { name: "distances", version: "1.0.0" } });
}, 240_000);

afterEach(() => {
  delete process.env.AGNTN_KIT_DRIFT;
});

describe("every host", () => {
  test("runs here: no row skipped or failed", () => {
    expect(table.rows.map((row) => [row.host, row.skipped ?? row.failed ?? "answered"])).toEqual(
      EVERY_HOST.map((host) => [host, "answered"]),
    );
  });

  test("agrees, once each host's framing is off", () => {
    expect(() => assertSameAnswers(table)).not.toThrow();
  });

  test("what they agree on", () => {
    const { raw: _raw, ...converted } = table.rows[0]?.answers?.converted ?? {};
    expect(converted).toEqual({ text: "10 km is 6.21 mi", isError: false, details: { value: 6.21, unit: "mi" } });
    expect(table.rows[0]?.answers?.refused?.text).toBe("Invalid arguments at /from: must be one of km, mi");
    expect(table.rows[0]?.answers?.unknownCity?.text).toBe("No distance is known for Oslo");
  });
});

describe("a host that disagrees fails the check, with the difference", () => {
  test("an answer changed by hand", () => {
    const changed = structuredClone(table);
    const langchain = changed.rows.find((row) => row.host === "langchain")?.answers?.known;
    if (!langchain) throw new Error("no LangChain answer");
    langchain.text = "Lyon is 466 km from Paris";
    expect(() => assertSameAnswers(changed)).toThrow(
      ['langchain differs from mcp on "known":', "  text:", "    - Lyon is 465 km from Paris", "    + Lyon is 466 km from Paris"].join(
        "\n",
      ),
    );
  });

  test("a host whose copy of the tool drifts (a middleware that rewords on that host alone)", async () => {
    process.env.AGNTN_KIT_DRIFT = "cli";
    const drifted = await callOnHosts({ tools, calls, module, hosts: ["mcp", "cli"] });
    expect(() => assertSameAnswers(drifted)).toThrow(
      ['cli differs from mcp on "known":', "  text:", "    - Lyon is 465 km from Paris", "    + Lyon is about 290 miles from Paris"].join(
        "\n",
      ),
    );
  }, 60_000);
});
