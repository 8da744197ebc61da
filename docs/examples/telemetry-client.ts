// client.ts: an agent that traces its own step; the server's span for the call it makes joins the step's trace.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { BasicTracerProvider, BatchSpanProcessor } from "@opentelemetry/sdk-trace-base";

const provider = new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())] });
const tracer = provider.getTracer("my-agent");

const client = new Client({ name: "my-agent", version: "1.0.0" });
await client.connect(new StreamableHTTPClientTransport(new URL(process.env.MCP_URL ?? "http://localhost:3000/mcp")));

const step = tracer.startSpan("agent step");
const { traceId, spanId, traceFlags } = step.spanContext();
// The W3C trace context of the step: version 00, the trace, the span the server's span goes under, the flags.
const traceparent = `00-${traceId}-${spanId}-${traceFlags.toString(16).padStart(2, "0")}`;
await client.callTool({ name: "text_slug", arguments: { text: "Hello World" }, _meta: { traceparent } });
step.end();

console.log(`trace ${traceId}`); // the id to look up in the trace viewer
await client.close();
await provider.shutdown();
