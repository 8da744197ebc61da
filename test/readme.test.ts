/** The README's example is run as written: a stdio server the SDK client talks to. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, expect, test } from "vitest";

const root = new URL("..", import.meta.url);
const readme = readFileSync(new URL("README.md", root), "utf8");
const [example] = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] ?? "");
const [shown] = [...readme.matchAll(/```text\n([\s\S]*?)```/g)].map((m) => (m[1] ?? "").trim());
// Inside the repository so `@agntn/tools` resolves to this package.
const dir = mkdtempSync(new URL("test-results-readme-", root).pathname);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("the README example serves over stdio and answers as the README shows", async () => {
  expect(example).toContain("createMcpServer");
  const file = `${dir}/server.ts`;
  writeFileSync(file, example ?? "");
  const client = new Client({ name: "readme", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: ["--conditions=agntn-source", file] }));
  expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["text_shout"]);
  expect((await client.callTool({ name: "text_shout", arguments: { text: "hi" } })).content).toEqual([{ type: "text", text: "HI" }]);
  const bad = await client.callTool({ name: "text_shout", arguments: { txt: "hi" } });
  expect(bad.isError).toBe(true);
  expect(bad.content).toEqual([{ type: "text", text: shown }]);
  await client.close();
});
