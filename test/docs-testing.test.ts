/**
 * The Testing page (docs/content/1.guide/14.testing.md): its examples are
 * Vitest files (docs/examples/testing-*.ts), imported here so their tests run
 * in this file as written, the every-host one on every host. Then the page's
 * literal lines are checked against real runs: a skipped host, the failure
 * message of a host that disagrees, the AI SDK's and the command line's
 * framing, a script that runs out, a wrong option; and its table of hosts
 * against the hosts and packages the kit knows.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { outcomeOf, withMiddleware } from "@agntn/tools";
import { assertSameAnswers, callOnHosts, createTestClient, type HostName } from "@agntn/tools/testing";
import { describe, expect, it } from "vitest";
import { tools } from "../docs/examples/testing-tools.ts";
import { HOST_NAMES, hostPackages, missingPackagesLine } from "../src/testing/hosts.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const page = readFileSync(`${root}docs/content/1.guide/14.testing.md`, "utf8");
const module = `${root}docs/examples/testing-tools.ts`;

/** The page's text blocks, in order. */
const textBlocks = [...page.matchAll(/^```text\n([\s\S]*?)\n```$/gm)].map((match) => match[1]!);
/** The page's text block that starts with `start`. */
const shown = (start: string) => {
  const found = textBlocks.filter((block) => block.startsWith(start));
  expect(found, start).toHaveLength(1);
  return found[0]!;
};

describe("testing-unit.ts", async () => {
  await import("../docs/examples/testing-unit.ts");
});
describe("testing-questions.ts", async () => {
  await import("../docs/examples/testing-questions.ts");
});
describe("testing-listing.ts", async () => {
  await import("../docs/examples/testing-listing.ts");
});
describe("testing-hosts.ts", async () => {
  await import("../docs/examples/testing-hosts.ts");
});
describe("testing-one-host.ts", async () => {
  await import("../docs/examples/testing-one-host.ts");
});

describe("the page's lines, from real runs", () => {
  const calls = {
    scaled: { tool: "recipe_scale", args: { grams: 250, from: 4, to: 6 } },
    refused: { tool: "recipe_scale", args: { grams: 250, from: 0, to: 6 } },
    found: { tool: "pantry_find", args: { item: "rice" } },
  };

  it("a host that disagrees: the message the page shows", async () => {
    // The page's case: a middleware rewords pantry_find's answer on LangChain alone, and no module is given.
    const drifted = withMiddleware(tools, async (call, next) => {
      const outcome = await next();
      if (call.host !== "langchain" || call.tool.name !== "pantry_find" || !outcome.ok) return outcome;
      return outcomeOf(call, { content: [{ type: "text", text: "Rice: second shelf" }] });
    });
    const table = await callOnHosts({ tools: drifted, calls, hosts: ["mcp", "langchain", "cli"] });
    expect(table.rows.find((row) => row.host === "cli")?.skipped).toBe(shown("cli runs in a process of its own"));
    expect(() => assertSameAnswers(table)).toThrow(new Error(shown("langchain differs from mcp")));
    expect(() => assertSameAnswers(table, { requireAll: true })).toThrow(`cli was skipped: ${shown("cli runs")}`);
  });

  it("the AI SDK's and the command line's framing, and the hosts that pass no details", async () => {
    const table = await callOnHosts({ tools, calls, module, hosts: ["ai", "cli", "openai-agents", "anthropic", "google", "claude-agent"] });
    const row = (host: string) => table.rows.find((entry) => entry.host === host)?.answers ?? {};
    expect((row("ai").refused?.raw as { read: { value: string } } | undefined)?.read.value).toBe(shown("AI_InvalidToolInputError: "));
    expect(row("cli").refused?.raw).toEqual({ code: 1, stdout: "", stderr: "Invalid arguments at --from: must be >= 1\n" });
    expect(page).toContain("`Invalid arguments at --from: must be >= 1` where a model reads `Invalid arguments at /from: must be >= 1`");
    for (const host of ["ai", "cli"]) expect(row(host).refused?.text).toBe("Invalid arguments at /from: must be >= 1");
    for (const host of ["cli", "openai-agents", "anthropic", "google"]) expect(row(host).scaled?.details, host).toBeUndefined();
    expect(row("claude-agent").scaled).toMatchObject({ text: '{"grams":375}', details: { grams: 375 }, shown: "details" });
    assertSameAnswers(table);
  }, 240_000);

  it("a script that runs out, and a wrong option", async () => {
    const client = await createTestClient(tools, { questions: [] });
    try {
      const line = /`(pantry_clear failed: [^`]+)`/.exec(page)![1];
      expect(await client.callTool("pantry_clear", { shelf: "top shelf" })).toEqual({
        content: [{ type: "text", text: line }],
        isError: true,
      });
    } finally {
      await client.close();
    }
    const option = /`(createTestClient: unknown option [^`]+)`/.exec(page)![1]!;
    await expect(createTestClient(tools, { revison: "2026-07-28" } as never)).rejects.toThrow(option);
  });
});

describe("the page's table of hosts", () => {
  const rows = [...page.matchAll(/^\| (`[^|]+`) \| [^|]+ \| ([^|]+) \|$/gm)].map((match) => ({
    hosts: [...match[1]!.matchAll(/`([^`]+)`/g)].map((name) => name[1]!),
    packages: match[2]!.trim() === "none" ? [] : [...match[2]!.matchAll(/`([^`]+)`/g)].map((name) => name[1]!),
  }));
  it("names every host once, in the kit's order", () => {
    expect(rows.flatMap((row) => row.hosts)).toEqual(HOST_NAMES);
  });

  it("gives each host the packages the kit names when they are missing", () => {
    for (const row of rows) for (const host of row.hosts) expect(row.packages, host).toEqual(hostPackages(host as HostName));
  });

  it("shows a missing package's line in the kit's words", () => {
    expect(shown("google needs")).toBe(missingPackagesLine("google"));
  });
});
