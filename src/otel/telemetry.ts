/**
 * `telemetry()`: a middleware that traces and measures every call after
 * OpenTelemetry's conventions for MCP and for GenAI tool execution. It needs
 * `@opentelemetry/api` only: an app registers its own SDK and exporter, and
 * with none registered every call goes straight through, recording nothing.
 *
 * - A span per call: `tools/call <tool>` (kind SERVER) on MCP hosts, whose
 *   parent is the client's trace context from `params._meta` when it sent one;
 *   `execute_tool <tool>` (kind INTERNAL) under the active span elsewhere.
 *   An MCP task's run (the Tasks extension) starts a trace of its own with
 *   `mcp.task.id`, linked to the span of the request that created it.
 *   Around a resource's read the span is `resources/read` with the URI in
 *   `mcp.resource.uri` (the conventions keep URIs out of span names, which
 *   must stay few); around a prompt's get, `prompts/get <prompt>` with
 *   `gen_ai.prompt.name`. Neither carries the `gen_ai.tool.*` attributes,
 *   whatever the options say.
 * - Attributes where the host knows them: `mcp.method.name`,
 *   `mcp.protocol.version`, `mcp.session.id`, `jsonrpc.request.id`,
 *   `gen_ai.tool.name`, `gen_ai.operation.name`; on a failure of any kind
 *   `error.type` = `tool_error` (what MCP's conventions use for a result with
 *   `isError`, which every failure is on the wire), the kind in
 *   `agntn.tool.failure`, and an error status with the failure's text.
 *   Arguments and results only when an option asks.
 * - Metrics: the histogram `mcp.server.operation.duration` (seconds) on MCP
 *   hosts, reads and gets included, and for tool calls on every host the
 *   histogram `agntn.tool.call.duration` and the counter `agntn.tool.calls`,
 *   each with the span's low-cardinality attributes (the conventions name no
 *   tool metric outside MCP; the URI read is left out of metrics).
 */
import {
  type Attributes,
  type Context,
  context,
  createNoopMeter,
  createTraceState,
  isSpanContextValid,
  type Meter,
  type MeterProvider,
  metrics,
  ProxyTracerProvider,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TracerProvider,
  trace,
} from "@opentelemetry/api";
import type { CallOutcome } from "../core/call.ts";
import { setIdleProbe } from "../core/chains.ts";
import { ToolDefinitionError } from "../core/errors.ts";
import type { Middleware, ToolCall } from "../core/middleware.ts";
import { checkOptionKeys } from "../core/options.ts";

export interface TelemetryOptions {
  /** Where spans go. Default: the provider the app registered globally (none: no spans). */
  tracerProvider?: TracerProvider;
  /** Where metrics go. Default: the provider the app registered globally (none: no metrics). */
  meterProvider?: MeterProvider;
  /**
   * Record a tool call's checked input as `gen_ai.tool.call.arguments` (JSON). Default `false`: arguments may hold what
   * a person typed. Reads and gets never record theirs.
   */
  recordArguments?: boolean;
  /** Record a tool call's answer text as `gen_ai.tool.call.result`. Default `false`, for the same reason. */
  recordResults?: boolean;
}

const OPTIONS = ["tracerProvider", "meterProvider", "recordArguments", "recordResults"] as const;
const SCOPE = "@agntn/tools";

/** The provider a registered-nothing app has: its tracer makes spans that record nothing and carry no context. */
const NOOP_PROVIDER = new ProxyTracerProvider().getDelegate();

/** The histogram every no-op meter hands out (one object): instruments of a provider that records nothing. */
const NOOP_HISTOGRAM = createNoopMeter().createHistogram("noop");

/** Whether spans would go anywhere: a provider was given, or the app registered one. */
function tracing(given: TracerProvider | undefined): boolean {
  if (given) return true;
  const global = trace.getTracerProvider();
  return (global instanceof ProxyTracerProvider ? global.getDelegate() : global) !== NOOP_PROVIDER;
}

/** W3C `traceparent`: version 00, a trace id, a parent id and flags, lower-case hex. */
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/**
 * The client's span as the parent, from the W3C trace context in `_meta`
 * (SEP-414; OpenTelemetry's MCP conventions); the active context when there
 * is none or it does not parse. Read by hand: the W3C propagator lives in the
 * SDK, which this module does not bundle, and the format is two fields.
 */
function remoteParent(meta: Readonly<Record<string, unknown>> | undefined): Context {
  const active = context.active();
  const parent = typeof meta?.traceparent === "string" ? TRACEPARENT.exec(meta.traceparent.trim()) : null;
  if (!parent || /^0+$/.test(parent[1] as string) || /^0+$/.test(parent[2] as string)) return active;
  const spanContext = {
    traceId: parent[1] as string,
    spanId: parent[2] as string,
    traceFlags: Number.parseInt(parent[3] as string, 16) & 1,
    isRemote: true,
    ...(typeof meta?.tracestate === "string" ? { traceState: createTraceState(meta.tracestate) } : {}),
  };
  return trace.setSpanContext(active, spanContext);
}

/** The attributes both the span and the metrics carry: few values each, never the arguments. */
function callAttributes(call: ToolCall, mcp: boolean): Attributes {
  const attributes: Attributes =
    call.kind === "prompt"
      ? { "gen_ai.prompt.name": call.tool.name }
      : call.kind === "resource"
        ? {}
        : { "gen_ai.tool.name": call.tool.name, "gen_ai.operation.name": "execute_tool" };
  if (mcp) attributes["mcp.method.name"] = call.method as string;
  if (call.revision) attributes["mcp.protocol.version"] = call.revision;
  return attributes;
}

/** The span's name: `<method> <tool or prompt>`, a read's method alone, `execute_tool <tool>` off MCP. */
function spanName(call: ToolCall, mcp: boolean): string {
  if (call.kind === "resource") return call.method ?? "resources/read";
  return `${mcp ? call.method : "execute_tool"} ${call.tool.name}`;
}

/** What only the span carries: the ids of this one call. */
function spanAttributes(call: ToolCall, base: Attributes, options: TelemetryOptions): Attributes {
  const attributes: Attributes = { ...base, "agntn.host": call.host };
  if (call.uri !== undefined) attributes["mcp.resource.uri"] = call.uri;
  if (call.sessionId) attributes["mcp.session.id"] = call.sessionId;
  if (call.requestId !== undefined) attributes["jsonrpc.request.id"] = String(call.requestId);
  // The span only: one value per task would swell the metrics.
  if (call.taskId !== undefined) attributes["mcp.task.id"] = call.taskId;
  // The recorded input and answer are a tool call's (`gen_ai.tool.call.*`): a read or a get records neither.
  if (options.recordArguments && call.kind === "tool" && call.input !== undefined) {
    attributes["gen_ai.tool.call.arguments"] = JSON.stringify(call.input);
  }
  return attributes;
}

/**
 * What `error.type` says of a failure: `tool_error` for a tool call (every failure is a result with `isError` on the
 * wire); for a read or a get, which fail as JSON-RPC errors, the error's code as text, as the conventions ask.
 */
function errorType(call: ToolCall, outcome: Extract<CallOutcome, { ok: false }>): string {
  if (call.kind === "tool") return "tool_error";
  if (outcome.kind === "input") return "-32602";
  const error = outcome.kind === "thrown" ? (outcome.error as { code?: unknown; name?: unknown } | null) : null;
  if (typeof error?.code === "number") return String(error.code);
  // A refusal the entry wrote (an unknown resource, a bad argument: src/protocol/served.ts) is bad params.
  if (error?.name === "ServedRefusal") return "-32602";
  return "-32603";
}

/** Marks a span with the call's outcome: an error status and `error.type` on every failure. */
function endSpan(span: Span, call: ToolCall, outcome: CallOutcome, options: TelemetryOptions): void {
  if (options.recordResults && call.kind === "tool") span.setAttribute("gen_ai.tool.call.result", outcome.text);
  if (!outcome.ok) {
    span.setAttributes({ "error.type": errorType(call, outcome), "agntn.tool.failure": outcome.kind });
    span.setStatus({ code: SpanStatusCode.ERROR, message: outcome.text });
  }
  span.end();
}

interface Instruments {
  mcpDuration: ReturnType<Meter["createHistogram"]>;
  callDuration: ReturnType<Meter["createHistogram"]>;
  calls: ReturnType<Meter["createCounter"]>;
}

function instruments(meter: Meter): Instruments {
  return {
    mcpDuration: meter.createHistogram("mcp.server.operation.duration", {
      unit: "s",
      description: "How long an MCP request took, from its arrival to its answer.",
    }),
    callDuration: meter.createHistogram("agntn.tool.call.duration", { unit: "s", description: "How long a tool call took, on any host." }),
    calls: meter.createCounter("agntn.tool.calls", { unit: "{call}", description: "Tool calls, by tool and outcome." }),
  };
}

/** A middleware that traces and measures every call (see the file's comment). */
export function telemetry(options: TelemetryOptions = {}): Middleware {
  checkOptionKeys("telemetry", options, OPTIONS);
  for (const flag of ["recordArguments", "recordResults"] as const) {
    if (options[flag] !== undefined && typeof options[flag] !== "boolean")
      throw new ToolDefinitionError(`telemetry: ${flag} must be a boolean`);
  }
  const tracer = (options.tracerProvider ?? trace).getTracer(SCOPE);
  // The global meter provider may be registered after this runs: the instruments follow it, made again when it changes.
  let made: { provider: MeterProvider; instruments: Instruments } | undefined;
  const measure = (): Instruments => {
    const provider = options.meterProvider ?? metrics.getMeterProvider();
    if (made?.provider !== provider) made = { provider, instruments: instruments(provider.getMeter(SCOPE)) };
    return made.instruments;
  };

  const observe = async (call: ToolCall, next: () => Promise<CallOutcome>, traced: boolean, measured: Instruments) => {
    const started = performance.now();
    const mcp = call.method !== undefined;
    const base = callAttributes(call, mcp);
    let outcome: CallOutcome;
    if (traced) {
      let parent = mcp ? remoteParent(call.meta) : context.active();
      // A task's run outlives the request that created it (up to the task's ttl): it starts a trace of its own, linked
      // to the creating request's span (the client's, from `_meta`), as OpenTelemetry advises for work a request
      // starts but does not wait for.
      const creator = call.taskId === undefined ? undefined : trace.getSpanContext(parent);
      if (call.taskId !== undefined) parent = trace.deleteSpan(parent);
      const span = tracer.startSpan(
        spanName(call, mcp),
        {
          kind: mcp ? SpanKind.SERVER : SpanKind.INTERNAL,
          attributes: spanAttributes(call, base, options),
          ...(creator && isSpanContextValid(creator) ? { links: [{ context: creator }] } : {}),
        },
        parent,
      );
      outcome = await context.with(trace.setSpan(parent, span), next);
      endSpan(span, call, outcome, options);
    } else {
      outcome = await next();
    }
    const seconds = (performance.now() - started) / 1000;
    const attributes = outcome.ok ? base : { ...base, "error.type": errorType(call, outcome) };
    if (mcp) measured.mcpDuration.record(seconds, attributes);
    if (call.kind === "tool") {
      measured.callDuration.record(seconds, attributes);
      measured.calls.add(1, attributes);
    }
    return outcome;
  };

  const middleware: Middleware = (call, next) => {
    const traced = tracing(options.tracerProvider);
    const measured = measure();
    // No provider for either: nothing would be recorded, so the call goes straight through.
    if (!traced && measured.callDuration === NOOP_HISTOGRAM) return next();
    return observe(call, next, traced, measured);
  };
  // The same test, asked before the chain is entered: a chain of idle links is skipped for the call (core/chains.ts).
  setIdleProbe(middleware, () => !tracing(options.tracerProvider) && measure().callDuration === NOOP_HISTOGRAM);
  return middleware;
}
