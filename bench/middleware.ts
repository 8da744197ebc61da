/**
 * Benchmark 13: what middleware and `telemetry()` cost a call. The valid
 * `tools/call` round trip of benchmark 1 (SDK v2 client, in-memory pair,
 * `createMcpServer`) with the tool list as it is, and the same list through
 * `withMiddleware`: a middleware that only calls `next()`, `telemetry()` with
 * no OpenTelemetry provider registered (the case the issue sets a target for:
 * an app that adds it and never registers an SDK), and `telemetry()` with a
 * provider of the SDK's own (`BasicTracerProvider`, a `SimpleSpanProcessor`
 * handing every span to an in-memory exporter that counts and drops it; then a
 * `MeterProvider` as well, whose reader collects only at the end), so the cost
 * of a span and of the metrics shows beside the chain's own.
 *
 * Every variant runs in the same process, interleaved: a round runs one batch
 * of each, in an order that rotates, and each ratio is the median of the
 * per-round ratios to the list without middleware. A batch's wall time and the
 * process's CPU time (user + system) are both taken: on a loaded machine the
 * wall time mostly measures how long the process waited for a core, while the
 * CPU time is the work the call did, which is what a middleware adds.
 */
import { withMiddleware } from "@agntn/tools";
import { callTool, createMcpServer } from "@agntn/tools/mcp";
import { telemetry } from "@agntn/tools/otel";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { trace } from "@opentelemetry/api";
import { AggregationTemporality, InMemoryMetricExporter, MeterProvider, PeriodicExportingMetricReader } from "@opentelemetry/sdk-metrics";
import { BasicTracerProvider, type ReadableSpan, SimpleSpanProcessor, type SpanExporter } from "@opentelemetry/sdk-trace-base";
import { joinTool, TOOL_NAME, validArgs, validText } from "./fixtures.ts";
import { formatNs, formatRatio, median, QUICK, type Section, standalone } from "./harness.ts";
import { type Paired, paired, pairedTable, ratioOf } from "./paired.ts";

const info = { name: "bench", version: "1.0.0" };

/** An exporter that takes every span and keeps none: the SDK's own work per span, with no I/O. */
class DroppingExporter implements SpanExporter {
  exported = 0;
  export(spans: ReadableSpan[], done: Parameters<SpanExporter["export"]>[1]): void {
    this.exported += spans.length;
    done({ code: 0 }); // ExportResultCode.SUCCESS
  }
  async shutdown(): Promise<void> {}
}

async function connect(tools: Parameters<typeof createMcpServer>[1]) {
  const server = createMcpServer(info, tools);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "bench-client", version: "1.0.0" });
  await client.connect(clientSide);
  return {
    call: () => client.callTool({ name: TOOL_NAME, arguments: validArgs as never }),
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

function textOf(result: unknown): string {
  const content = (result as { content?: { text?: string }[] }).content;
  return content?.map((c) => c.text).join("\n") ?? "";
}

/** The difference of medians against `base`, signed: a variant may come out faster by noise. */
function added(m: number[], base: number[]): string {
  const ns = median(m) - median(base);
  return ns < 0 ? `−${formatNs(-ns)}` : `+${formatNs(ns)}`;
}

export async function run(): Promise<Section> {
  // Nothing registered globally: the API's no-op providers, as in an app without an SDK.
  if (trace.getTracerProvider().getTracer("probe").startSpan("probe").isRecording()) throw new Error("a tracer provider is registered");
  const exporter = new DroppingExporter();
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const reader = new PeriodicExportingMetricReader({
    exporter: new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE),
    exportIntervalMillis: 3_600_000,
  });
  const meterProvider = new MeterProvider({ readers: [reader] });
  const passing = withMiddleware([joinTool], (_call, next) => next());
  const noProvider = withMiddleware([joinTool], telemetry());
  const spanning = withMiddleware([joinTool], telemetry({ tracerProvider }));
  const measuring = withMiddleware([joinTool], telemetry({ tracerProvider, meterProvider }));
  const lists: [string, Parameters<typeof createMcpServer>[1]][] = [
    ["no middleware", [joinTool]],
    ["telemetry(), no provider registered", noProvider],
    ["withMiddleware, one middleware calling next()", passing],
    ["telemetry({ tracerProvider }), spans dropped", spanning],
    ["telemetry({ tracerProvider, meterProvider })", measuring],
    // The same list as the first, on a server made last: two identical servers show how far a ratio moves by noise alone.
    ["no middleware, a second server", [joinTool]],
  ];
  type Pair = { name: string } & Awaited<ReturnType<typeof connect>>;
  const pairs: Pair[] = [];
  for (const [name, tools] of lists) pairs.push({ name, ...(await connect(tools)) });
  try {
    for (const pair of pairs) {
      const answer = await pair.call();
      if (answer.isError || textOf(answer) !== validText) throw new Error(`${pair.name} answered ${JSON.stringify(answer)}`);
    }
    const variant = (pair: Pair) => ({ name: pair.name, fn: pair.call });
    const [bare, quiet, ...rest] = pairs as [Pair, Pair, ...Pair[]];
    const control = rest.pop() as Pair;
    const others = rest;
    // The target alone, beside the second bare server, many rounds of short batches: a busy moment spoils a few rounds, which the median leaves out.
    const target = await paired([variant(bare), variant(quiet), variant(control)], QUICK ? 21 : 301, 100);
    const before = exporter.exported;
    const costs = await paired([variant(bare), ...others.map(variant)], QUICK ? 15 : 151, 100);
    if (exporter.exported === before) throw new Error("the provider variants made no span");
    // The chain without a transport: what each variant adds to the core's own call path, in absolute terms.
    const direct = await paired(
      [
        ["callTool, no middleware", [joinTool]],
        ["callTool, telemetry() with no provider", noProvider],
        ["callTool, one middleware calling next()", passing],
        ["callTool, telemetry({ tracerProvider })", spanning],
        ["callTool, telemetry({ tracerProvider, meterProvider })", measuring],
      ].map(([name, tools]) => ({ name: name as string, fn: () => callTool(info, tools as typeof passing, TOOL_NAME, validArgs) })),
      QUICK ? 15 : 151,
      2000,
    );
    const [none, withTelemetry, second] = target as [Paired, Paired, Paired];
    const [costBase, , spans, both] = costs as [Paired, Paired, Paired, Paired];
    const cpuRatio = ratioOf(withTelemetry.cpu, none.cpu);
    const wallRatio = ratioOf(withTelemetry.wall, none.wall);
    const noiseCpu = ratioOf(second.cpu, none.cpu);
    const noiseWall = ratioOf(second.wall, none.wall);
    // Against both bare servers, round by round (their mean): neither server's own luck, nor its place in the rotation, decides the ratio.
    const bothBare = (of: (m: Paired) => number[]) =>
      median(of(withTelemetry).map((t, r) => t / (((of(none)[r] as number) + (of(second)[r] as number)) / 2)));
    const targetRatio = bothBare((m) => m.cpu);
    const [directBase, ...directOthers] = direct as [Paired, ...Paired[]];
    const body = [
      "Sequential `client.callTool` round trips with the valid input of benchmark 1 (client → in-memory pair → `createMcpServer` → tool → back), one call in flight; the tool list as it is, and the same list through `withMiddleware`. Variants run interleaved in one process, a batch of 100 calls each per round, the order rotating; each ratio is the median of the per-round ratios to the list without middleware. CPU is the process's user + system time over the batch; wall is the batch's elapsed time, which on a loaded machine also counts the time spent waiting for a core.",
      "",
      "The target: `telemetry()` with no OpenTelemetry provider registered, against no middleware, measured alone beside a second server without middleware:",
      "",
      pairedTable(target, "call"),
      "",
      `The two servers without middleware differ by ${formatRatio(noiseCpu)} in CPU and ${formatRatio(noiseWall)} in wall time (the second against the first): that much a ratio moves here by noise and by which server was made first. Against both bare servers, round by round (their mean), \`telemetry()\` with no provider comes to ${formatRatio(targetRatio)} in CPU and ${formatRatio(bothBare((m) => m.wall))} in wall time.`,
      "",
      "The cost with a provider, beside a middleware that only calls `next()`:",
      "",
      pairedTable(costs, "call"),
      "",
      "The same calls through `callTool` (no transport, no client; batches of 2,000), where the chain's own cost is not lost in the round trip's:",
      "",
      pairedTable(direct, "call"),
      "",
      `CPU added per call without a transport (difference of medians): ${directOthers.map((m) => `${m.name.replace("callTool, ", "")} ${added(m.cpu, directBase.cpu)}`).join("; ")}.`,
      "",
      "With a provider, each call makes a span (its name, kind, seven attributes, a parent read from `_meta`) that a `SimpleSpanProcessor` hands to an exporter that counts and drops it: the SDK's own cost per span without any I/O. With the meter provider, each call also records two histogram values and a counter. A real exporter batches and sends; that cost is the exporter's and the network's. No context manager is registered, as in an app that only registers a tracer provider; an `AsyncLocalStorageContextManager` adds its own cost to each `context.with`.",
    ].join("\n");
    return {
      id: 13,
      title: "Middleware and telemetry: the round trip with telemetry() vs without middleware",
      body,
      targets: [
        {
          what: "round trip, valid input, telemetry() with no provider registered vs no middleware (CPU per call, against both bare servers)",
          target: "≤ 1.02×",
          measured: `${formatRatio(targetRatio)} (${formatNs(median(withTelemetry.cpu))} vs ${formatNs(median(none.cpu))}; against the first alone ${formatRatio(cpuRatio)} CPU, ${formatRatio(wallRatio)} wall; the two bare servers ${formatRatio(noiseCpu)})`,
          met: targetRatio <= 1.02,
        },
        {
          what: "round trip with telemetry() and a tracer provider (spans dropped) vs no middleware (no target; reported)",
          target: "—",
          measured: `${formatRatio(ratioOf(spans.cpu, costBase.cpu))} CPU (${formatNs(median(spans.cpu))}, ${added(spans.cpu, costBase.cpu)})`,
          met: true,
        },
        {
          what: "round trip with telemetry(), a tracer and a meter provider vs no middleware (no target; reported)",
          target: "—",
          measured: `${formatRatio(ratioOf(both.cpu, costBase.cpu))} CPU (${formatNs(median(both.cpu))}, ${added(both.cpu, costBase.cpu)})`,
          met: true,
        },
      ],
    };
  } finally {
    for (const pair of pairs) await pair.close();
    await tracerProvider.shutdown();
    await meterProvider.shutdown();
  }
}

if (import.meta.main) await standalone(run);
