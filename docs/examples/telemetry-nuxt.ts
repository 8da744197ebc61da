// server/middleware-list.ts of a Nuxt app (agntnTools.middleware: "~~/server/middleware-list" in nuxt.config.ts):
// every call, read and get on /mcp, the app's and the toolkit's, gets a span, sent over OTLP/HTTP.
import { telemetry } from "@agntn/tools/otel";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { BasicTracerProvider, BatchSpanProcessor } from "@opentelemetry/sdk-trace-base";

// A provider of the route's own: the rest of the app's tracing, if any, is left as it is.
const tracerProvider = new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())] });

export const middleware = [telemetry({ tracerProvider })];
