/**
 * `registerOmpTools`: hands a tool list to OMP (`@oh-my-pi/pi-coding-agent`)
 * from an extension's default export. Everything is checked before the first
 * `registerTool`, so a broken list registers nothing.
 *
 * TypeBox under OMP: OMP rewrites every import of `typebox` and
 * `@sinclair/typebox` in an extension's module graph (node_modules included)
 * to its own shim, whose schemas are callable functions; a TypeBox validator
 * fed those accepts anything. The library imports only the subpaths
 * `typebox/type`, `typebox/compile` and `typebox/value`, which OMP leaves
 * alone, so its checks keep working inside OMP. Build tool schemas with the
 * `Type` exported by `@agntn/tools`, not with `import { Type } from "typebox"`.
 */
import { indexTools, type PreparedTool } from "../core/define.ts";
import { ToolDefinitionError } from "../core/errors.ts";
import { quote } from "../core/sanitize.ts";
import { propertiesOf, toJsonSchema } from "../core/schema.ts";
import type { AnyTool, Effect } from "../core/types.ts";
import { executeFor } from "./execute.ts";
import { ompLogger } from "./log.ts";
import { checkOptions, type OmpToolOptions, type OmpToolsOptions } from "./options.ts";
import { statusCall, statusResult } from "./render.ts";
import type { OmpApproval, OmpExtensionApi, OmpLogger, OmpToolRegistration } from "./types.ts";

/**
 * OMP adds a required property `i` (the model's one-line intent for the call)
 * to every tool schema it sends to the model, and takes it out of the
 * arguments before `execute`. A tool property of that name would collide with
 * it on the wire and never reach the tool, so such a tool is refused here.
 */
const OMP_RESERVED_PROPERTY = "i";

const APPROVAL: Record<Effect, OmpApproval> = { read: "read", write: "write", destructive: "write" };

function refuseReservedProperty(entry: PreparedTool): void {
  if (propertiesOf(entry.input).has(OMP_RESERVED_PROPERTY)) {
    throw new ToolDefinitionError(
      `${entry.name}: input property ${quote(OMP_RESERVED_PROPERTY)} is reserved on OMP, which adds its own required "i" (the call's intent) to every tool and strips it before execute; rename the property`,
    );
  }
}

function checkHost(pi: OmpExtensionApi): void {
  if (typeof pi !== "object" || pi === null || typeof pi.registerTool !== "function") {
    throw new ToolDefinitionError("registerOmpTools needs the ExtensionAPI that OMP passes to an extension's default export");
  }
  if (typeof pi.typebox?.Type?.Unsafe !== "function") {
    throw new ToolDefinitionError("registerOmpTools needs OMP's pi.typebox.Type.Unsafe (@oh-my-pi/pi-coding-agent 18.2 or newer)");
  }
}

function registrationFor(
  pi: OmpExtensionApi,
  entry: PreparedTool,
  options: OmpToolsOptions,
  tool: OmpToolOptions | undefined,
  logger: OmpLogger | undefined,
): OmpToolRegistration {
  const approval = APPROVAL[entry.tool.effect as Effect];
  const registration: OmpToolRegistration = {
    name: entry.name,
    label: entry.tool.title,
    description: entry.tool.description,
    // The host's own builder: OMP validates and sends exactly this document; a fresh copy so it can't touch ours.
    parameters: pi.typebox.Type.Unsafe(toJsonSchema(entry.input) as Record<string, unknown>),
    approval,
    execute: executeFor(entry, logger),
    renderCall: tool?.renderCall ?? statusCall(entry.tool.title, tool),
    renderResult: tool?.renderResult ?? statusResult(entry.tool.title, approval, tool),
  };
  const loadMode = tool?.loadMode ?? options.loadMode;
  if (loadMode !== undefined) registration.loadMode = loadMode;
  if ((options.validation ?? "core") === "core") {
    // OMP copies every own key of a registration onto the tool its agent loop runs, enumerable or not
    // (Reflect.ownKeys), and the loop reads this flag there. It is an agent-core switch, not part of OMP's
    // extension ToolDefinition, so it stays non-enumerable: the registration's visible shape is the
    // documented one (the host-facts panel), and the switch still takes effect.
    Object.defineProperty(registration, "lenientArgValidation", { value: true, enumerable: false });
  }
  return registration;
}

/**
 * Registers every tool of the list with OMP. Throws a
 * {@link ToolDefinitionError}, before registering anything, for a broken
 * tool, a duplicate name, a property named `i`, or options that name a tool
 * not in the list.
 */
export function registerOmpTools(pi: OmpExtensionApi, tools: readonly AnyTool[], options: OmpToolsOptions = {}): void {
  const index = indexTools(tools);
  const perTool = checkOptions(options, new Set(index.keys()));
  checkHost(pi);
  for (const entry of index.values()) refuseReservedProperty(entry);
  const logger = ompLogger(pi);
  const registrations = [...index.values()].map((entry) => registrationFor(pi, entry, options, perTool.get(entry.name), logger));
  // OMP declares registerTool over its own ToolDefinition type; the registration has that shape.
  for (const registration of registrations) pi.registerTool(registration as never);
}
