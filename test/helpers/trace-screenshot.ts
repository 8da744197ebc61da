/**
 * Makes the Telemetry page's picture of a trace (docs/public/telemetry-trace.png):
 * real spans, drawn as a trace viewer draws them. There is no Jaeger on this
 * machine, so the spans are read from the OpenTelemetry SDK's in-memory
 * exporter and laid out as a waterfall page, which Chromium
 * (test/helpers/browser.ts) renders and photographs.
 *
 * What runs: the demo tools served by `createMcpHttpHandler` on a loopback
 * port behind `telemetry()`, with an SDK registered for the process (its
 * context manager too, so a span the tool makes is a child of the call's);
 * the SDK v2 client, on 2025-11-25, calls them inside an "agent step" span of
 * its own whose W3C context it sends in `_meta`, as the page's client example
 * does. Three calls: a search whose tool makes a span of its own, a slug, and
 * a call with a misspelt argument.
 *
 * Run: node --conditions=agntn-source test/helpers/trace-screenshot.ts [out.png]
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineTool, Type, withMiddleware } from "@agntn/tools";
import { createMcpHttpHandler } from "@agntn/tools/mcp";
import { telemetry } from "@agntn/tools/otel";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { context, type HrTime, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { BasicTracerProvider, InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { serve } from "srvx";
import { slugTool } from "../../playground/server/tools.ts";
import { launchChromium } from "./browser.ts";

const out = process.argv[2] ?? fileURLToPath(new URL("../../docs/public/telemetry-trace.png", import.meta.url));

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
trace.setGlobalTracerProvider(provider);
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A read tool that looks its notes up in a store, under a span of its own (what a database client's instrumentation would make). */
const searchTool = defineTool({
  name: "notes_search",
  title: "Search Notes",
  description: "Finds the notes whose title holds a word.",
  effect: "read",
  input: Type.Object({ word: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
  async execute({ word }) {
    const titles = await trace.getTracer("notes-store").startActiveSpan("SELECT notes", async (span) => {
      span.setAttributes({ "db.system.name": "sqlite", "db.operation.name": "SELECT" });
      await pause(6);
      span.end();
      return ["Crème brûlée", "Crème caramel"].filter((title) => title.toLowerCase().includes(word.toLowerCase()));
    });
    return { content: [{ type: "text", text: titles.join("\n") }] };
  },
});

const handler = createMcpHttpHandler({ name: "notes", version: "1.0.0" }, withMiddleware([searchTool, slugTool], telemetry()));
const server = serve({ fetch: handler.fetch, port: 0, hostname: "127.0.0.1", silent: true });
await server.ready();

const client = new Client({ name: "my-agent", version: "1.0.0" });
await client.connect(new StreamableHTTPClientTransport(new URL("/mcp", server.url)));
await trace.getTracer("my-agent").startActiveSpan("agent step", async (step) => {
  const { traceId, spanId } = step.spanContext();
  const _meta = { traceparent: `00-${traceId}-${spanId}-01` };
  await pause(2);
  await client.callTool({ name: "notes_search", arguments: { word: "crème" }, _meta });
  await pause(3);
  await client.callTool({ name: "text_slug", arguments: { text: "Crème brûlée", separator: "_" }, _meta });
  await pause(3);
  await client.callTool({ name: "text_slug", arguments: { txt: "Crème brûlée" }, _meta });
  await pause(2);
  step.end();
});
await client.close();
await handler.close();
await server.close(true);

// ─── The waterfall ───────────────────────────────────────────────────────────

const spans = exporter.getFinishedSpans();
const ms = (time: HrTime) => time[0] * 1000 + time[1] / 1e6;
const root = spans.find((span) => !span.parentSpanContext);
if (!root || spans.length !== 5) throw new Error(`expected 5 spans in one trace, got ${spans.map((span) => span.name).join(", ")}`);
const start = ms(root.startTime);
const total = ms(root.endTime) - start;

/** The spans in tree order, each with its depth. */
function ordered(parent: ReadableSpan, depth: number): Array<[ReadableSpan, number]> {
  const children = spans
    .filter((span) => span.parentSpanContext?.spanId === parent.spanContext().spanId)
    .sort((a, b) => ms(a.startTime) - ms(b.startTime));
  return [[parent, depth], ...children.flatMap((child) => ordered(child, depth + 1))];
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const service = (span: ReadableSpan) =>
  span.instrumentationScope.name === "@agntn/tools" ? "notes (MCP server)" : span.instrumentationScope.name;
const rows = ordered(root, 0)
  .map(([span, depth]) => {
    const left = ((ms(span.startTime) - start) / total) * 100;
    const width = Math.max(((ms(span.endTime) - ms(span.startTime)) / total) * 100, 0.4);
    const failed = span.status.code === 2;
    const duration = (ms(span.endTime) - ms(span.startTime)).toFixed(2);
    return `<div class="row${failed ? " failed" : ""}">
  <div class="label" style="padding-left:${8 + depth * 18}px"><span class="service">${escapeHtml(service(span))}</span> ${escapeHtml(span.name)}</div>
  <div class="lane"><div class="bar" style="left:${left}%;width:${width}%"></div><span class="ms" style="left:calc(${left + width}% + 6px)">${duration} ms</span></div>
</div>`;
  })
  .join("\n");

/** The attributes of the failed call, as a trace viewer's span detail lists them. */
const failed = spans.find((span) => span.status.code === 2);
if (!failed) throw new Error("no span failed");
const detail = [
  ...Object.entries(failed.attributes).map(([key, value]) => [key, String(value)]),
  ["status", `ERROR: ${failed.status.message ?? ""}`],
  ["span kind", failed.kind === 1 ? "server" : String(failed.kind)],
  ["parent", `${failed.parentSpanContext?.spanId} (the client's "agent step")`],
]
  .map(([key, value]) => `<tr><th>${escapeHtml(key as string)}</th><td>${escapeHtml(value as string)}</td></tr>`)
  .join("\n");

const html = `<!doctype html>
<meta charset="utf-8">
<style>
  body { margin: 0; font: 13px/1.4 ui-sans-serif, system-ui, sans-serif; color: #1f2937; background: #fff; }
  header { padding: 12px 16px; border-bottom: 1px solid #e5e7eb; display: flex; gap: 24px; align-items: baseline; }
  header h1 { font-size: 15px; margin: 0; }
  header span { color: #6b7280; }
  .row { display: grid; grid-template-columns: 300px 1fr; border-bottom: 1px solid #f3f4f6; height: 30px; align-items: center; }
  .label { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  .service { color: #6b7280; font-size: 11px; margin-right: 4px; }
  .lane { position: relative; height: 100%; border-left: 1px solid #e5e7eb; margin-right: 70px; }
  .bar { position: absolute; top: 8px; height: 14px; border-radius: 2px; background: #10b981; }
  .failed .bar { background: #ef4444; }
  .failed .label { color: #b91c1c; }
  .ms { position: absolute; top: 7px; font-size: 11px; color: #6b7280; white-space: nowrap; }
  h2 { font-size: 13px; margin: 16px 16px 6px; }
  table { margin: 0 16px 16px; border-collapse: collapse; font: 12px/1.5 ui-monospace, monospace; }
  th { text-align: left; font-weight: normal; color: #6b7280; padding: 2px 16px 2px 0; white-space: nowrap; vertical-align: top; }
  td { padding: 2px 0; white-space: pre-wrap; }
</style>
<header><h1>Trace ${root.spanContext().traceId}</h1><span>${spans.length} spans</span><span>${total.toFixed(1)} ms</span></header>
${rows}
<h2>${escapeHtml(failed.name)}: the failed call</h2>
<table>
${detail}
</table>
`;

const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 760, height: 400 }, deviceScaleFactor: 2 });
  await page.setContent(html);
  writeFileSync(out, await page.screenshot({ fullPage: true }));
  process.stderr.write(`wrote ${out}\n`);
} finally {
  await browser.close();
  await provider.shutdown();
}
