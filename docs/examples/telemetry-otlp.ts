// server.ts: the demo tools over Streamable HTTP; every call gets a span, sent over OTLP/HTTP to a collector.
import { withMiddleware } from "@agntn/tools";
import { createMcpHttpHandler } from "@agntn/tools/mcp";
import { telemetry } from "@agntn/tools/otel";
import { context, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { BasicTracerProvider, BatchSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { serve } from "srvx";
import { tools } from "./tools.ts";

// One SDK for the whole process. The exporter posts batches to http://localhost:4318/v1/traces, where Jaeger,
// Grafana Tempo and the OpenTelemetry Collector listen; OTEL_EXPORTER_OTLP_ENDPOINT points it elsewhere.
const provider = new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())] });
trace.setGlobalTracerProvider(provider);
// With a context manager, spans the tools make themselves (a database driver's, a fetch's) nest under the call's span.
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());

const handler = createMcpHttpHandler({ name: "slugs", version: "1.0.0" }, withMiddleware(tools, telemetry()));
serve({ port: Number(process.env.PORT ?? 3000), fetch: handler.fetch });

// Spans wait in the batch for a few seconds: send them before the process ends.
process.on("SIGTERM", async () => {
  await provider.shutdown();
  process.exit(0);
});
