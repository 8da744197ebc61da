/**
 * @agntn/tools/nuxt on a Docus site: Docus serves its page tools on /mcp
 * through @nuxtjs/mcp-toolkit, and the module puts the app's tools beside
 * them on the same route. Opt-in (AGNTN_TEST_DOCUS=1): a Docus build takes
 * about 90 s and 4 GB of memory here, so it runs as its own CI job.
 */
import { join } from "node:path";
import { callTool } from "@agntn/tools/mcp";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tools } from "../playground/server/tools.ts";
import { buildApp, DOCUS_TEST_BUILD_LAYER, root, type StartedApp, startApp } from "./fixtures/nuxt-server.ts";

const SITE = join(root, "test/fixtures/nuxt-docus");

describe.skipIf(process.env.AGNTN_TEST_DOCUS !== "1")("a Docus site with the module", () => {
  let site: StartedApp | undefined;
  let client: Client | undefined;

  beforeAll(async () => {
    await buildApp(SITE, { layer: DOCUS_TEST_BUILD_LAYER });
    site = await startApp(SITE);
    client = new Client({ name: "docus-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL("/mcp", site.url)));
  }, 600_000);

  afterAll(async () => {
    await client?.close();
    site?.stop();
  });

  it("serves the page tools and the app's tools on the one /mcp route", async () => {
    const names = (await client!.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(["get-page", "list-pages", ...tools.map((tool) => tool.name)]);
  });

  it("lists the same tools to a 2026-07-28 client, page tools included, and answers them there too", async () => {
    const modern = new Client({ name: "docus-2026", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
    await modern.connect(new StreamableHTTPClientTransport(new URL("/mcp", site!.url)));
    try {
      expect(modern.getNegotiatedProtocolVersion()).toBe("2026-07-28");
      const legacy = (await client!.listTools()).tools;
      const listed = (await modern.listTools()).tools;
      expect(listed.map((tool) => tool.name)).toEqual(legacy.map((tool) => tool.name));
      // The page tools' schemas exactly as SDK v1 lists them (Zod → draft-07 JSON Schema, its `$schema` tag included).
      for (const name of ["get-page", "list-pages"]) {
        const v1 = legacy.find((tool) => tool.name === name)!.inputSchema;
        expect(v1).toHaveProperty("$schema", "http://json-schema.org/draft-07/schema#");
        expect(listed.find((tool) => tool.name === name)!.inputSchema).toEqual(v1);
      }
      const pages = await modern.callTool({ name: "list-pages", arguments: {} });
      expect(pages.isError).toBeUndefined();
      expect((pages.content as Array<{ text: string }>)[0]!.text).toBe(
        ((await client!.callTool({ name: "list-pages", arguments: {} })).content as Array<{ text: string }>)[0]!.text,
      );
      expect(await modern.callTool({ name: "get-page", arguments: { path: 42 } })).toMatchObject({
        content: [{ type: "text", text: "Invalid arguments at /path: Invalid input: expected string, received number" }],
        isError: true,
      });
    } finally {
      await modern.close();
    }
  });

  it("keeps the page tools working", async () => {
    const pages = await client!.callTool({ name: "list-pages", arguments: {} });
    expect(pages.isError).toBeUndefined();
    expect(pages.content).toEqual([{ type: "text", text: expect.any(String) }]);
  });

  it("answers the app's tools as callTool does, progress included", async () => {
    const reports: unknown[] = [];
    const answer = await client!.callTool(
      { name: "text_count", arguments: { text: "one\ntwo" } },
      { onprogress: (report) => reports.push(report) },
    );
    expect(answer).toEqual(await callTool({ name: "agntn-docus" }, tools, "text_count", { text: "one\ntwo" }));
    expect(reports).toEqual([
      { progress: 1, total: 2, message: "counted 1 of 2 lines" },
      { progress: 2, total: 2, message: "counted 2 of 2 lines" },
    ]);
    const slug = await client!.callTool({ name: "text_slug", arguments: { text: "Docus Route" } });
    expect(slug).toEqual(await callTool({ name: "agntn-docus" }, tools, "text_slug", { text: "Docus Route" }));
  });
});
