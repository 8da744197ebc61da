/**
 * Content kinds, log and sampling inside real OMP under bun (test/omp/content.ts):
 * what the scripted model read back for each call, and what reached OMP's logger.
 */
import { callTool } from "@agntn/tools/mcp";
import { beforeAll, describe, expect, test } from "vitest";
import { contentTools, PNG } from "./fixtures/pi-content-tools.ts";
import { runOmpScript } from "./helpers/bun-script.ts";

interface CallRecord {
  text: string;
  content: unknown[];
  isError: boolean;
  details?: unknown;
}

interface ContentRun {
  calls: Record<"media" | "bad" | "log" | "offer" | "sample", CallRecord>;
  mediaTextOnly: CallRecord;
  logs: Array<{ level: string; message: string; context: unknown }>;
}

let run: ContentRun;
beforeAll(async () => {
  run = await runOmpScript<ContentRun>("content");
}, 120_000);

const notes = [
  { type: "text", text: "[audio: audio/wav, 44 B]" },
  { type: "text", text: "[resource link: q3.pdf <file:///reports/q3.pdf>, application/pdf]" },
  { type: "text", text: "[resource: file:///notes.md, text/markdown]\n# Notes\nship it" },
];

describe("content kinds in a real OMP session", () => {
  test("a model that takes images reads the image as an OMP image block, every other kind as a note", () => {
    expect(run.calls.media).toMatchObject({ isError: false, details: { kinds: 5 } });
    expect(run.calls.media.content).toEqual([
      { type: "text", text: "Here is the chart." },
      { type: "image", data: PNG, mimeType: "image/png" },
      ...notes,
    ]);
  });

  test("for a model that takes text only, OMP itself puts its own line where the image was", () => {
    expect(run.mediaTextOnly.content).toEqual([
      { type: "text", text: "Here is the chart." },
      { type: "text", text: "[image omitted: the active model does not support image input]" },
      ...notes,
    ]);
  });

  test("a malformed block is answered with the core's line, the text MCP sends", async () => {
    const line = "media_bad returned a malformed result: content[1] (image): data is not base64";
    expect(run.calls.bad).toMatchObject({ isError: true, content: [{ type: "text", text: line }] });
    const mcp = await callTool({ name: "omp" }, contentTools, "media_bad", {});
    expect(mcp.content).toEqual([{ type: "text", text: line }]);
  });
});

describe("log and sample in a real OMP session", () => {
  test("log writes every level to OMP's logger, folded onto its four, the MCP level kept where it is coarser", () => {
    expect(run.calls.log.text).toBe("logged");
    expect(run.logs).toEqual([
      { level: "debug", message: "cache warm", context: { tool: "media_log" } },
      { level: "info", message: "reading file now", context: { tool: "media_log", data: { path: "/tmp/a" } } },
      { level: "info", message: "half way", context: { tool: "media_log", mcpLevel: "notice" } },
      { level: "warn", message: "slow disk", context: { tool: "media_log" } },
      { level: "error", message: "one file skipped", context: { tool: "media_log" } },
      { level: "error", message: "index damaged", context: { tool: "media_log", mcpLevel: "critical" } },
    ]);
  });

  test("a call gets log and no sample: OMP gives extension tools nothing to complete with", () => {
    expect(run.calls.offer.text).toBe("log: function, sample: undefined");
    expect(run.calls.sample.text).toBe("no sample");
  });
});
