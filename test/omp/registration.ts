/**
 * What `pi.registerTool` receives for text_slug, built with OMP's real
 * `pi.typebox.Type.Unsafe` (the one OMP's ExtensionAPI carries), as the
 * host-facts panel shows it: functions read "[function]", the parameters read
 * `{ unsafe: <the schema given to Type.Unsafe> }`. Also checks that the host
 * builder accepted the document as is, and draws the status line with OMP's
 * own theme to check every row fits the width.
 * Run: bun --conditions=agntn-source test/omp/registration.ts
 */
import { registerOmpTools } from "@agntn/tools/omp";
import { countTool, slugTool, tools } from "../../playground/server/tools.ts";
import { report } from "./harness.ts";

const { Type: HostType } = await import("@oh-my-pi/pi-coding-agent/extensibility/legacy-typebox");
const themeModule = await import("@oh-my-pi/pi-coding-agent/modes/theme/theme");

type Registration = Record<string, unknown>;

/** A recording `pi`: OMP's real Unsafe, each call remembered with the document it was given. */
function recordingPi() {
  const given = new WeakMap<object, unknown>();
  const registered: Registration[] = [];
  const pi = {
    typebox: {
      Type: {
        Unsafe(schema: Record<string, unknown>) {
          const made = HostType.Unsafe(schema) as unknown as object;
          given.set(made, schema);
          return made;
        },
      },
    },
    registerTool(tool: unknown) {
      registered.push(tool as Registration);
    },
  };
  const serialize = (value: unknown): unknown => {
    if ((typeof value === "object" || typeof value === "function") && value !== null && given.has(value)) {
      return { unsafe: given.get(value) };
    }
    if (typeof value === "function") return "[function]";
    if (Array.isArray(value)) return value.map(serialize);
    if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, serialize(v)]));
    return value;
  };
  return { pi, registered, serialize };
}

/** Bun's own terminal-width helpers (this script runs only under bun). */
const { stripANSI, stringWidth } = (
  globalThis as unknown as { Bun: { stripANSI(text: string): string; stringWidth(text: string): number } }
).Bun;

/** Every row drawn at `width`, with its visible width (escape codes do not count). */
function draw(component: { render(width: number): readonly string[] }, width: number) {
  return component.render(width).map((line) => ({ plain: stripANSI(line), width: stringWidth(line) }));
}

await report(async () => {
  const { pi, registered, serialize } = recordingPi();
  registerOmpTools(pi, tools);
  const slug = registered.find((r) => r.name === "text_slug") as Registration;
  const parameters = slug.parameters as { toJsonSchema(): unknown };

  const host = recordingPi();
  registerOmpTools(host.pi, [slugTool], { validation: "host" });
  const essential = recordingPi();
  registerOmpTools(essential.pi, [slugTool], { loadMode: "essential" });

  themeModule.initThemeSync();
  const theme = themeModule.theme;
  const render = registered.find((r) => r.name === "text_count") as unknown as {
    renderCall(args: unknown, options: unknown, theme: unknown): { render(width: number): readonly string[] };
    renderResult(result: unknown, options: unknown, theme: unknown): { render(width: number): readonly string[] };
  };
  const partial = {
    content: [{ type: "text", text: "counted 2 of 3 lines" }],
    details: { progress: { message: "counted 2 of 3 lines", progress: 2 } },
  };
  const done = { content: [{ type: "text", text: "6 words" }], details: { words: 6, lines: 3 } };
  const failed = { content: [{ type: "text", text: "text_count failed: boom" }], isError: true };
  const options = (isPartial: boolean) => ({ expanded: false, isPartial });

  return {
    registered: registered.map((r) => r.name),
    snapshot: serialize(slug),
    hostSchema: {
      isFunction: typeof parameters === "function",
      json: parameters.toJsonSchema(),
    },
    hostValidation: {
      snapshot: host.serialize(host.registered[0]),
      lenient: Object.getOwnPropertyDescriptor(host.registered[0], "lenientArgValidation") ?? null,
    },
    lenient: Object.getOwnPropertyDescriptor(slug, "lenientArgValidation") ?? null,
    loadMode: essential.registered[0]?.loadMode,
    countApproval: registered.find((r) => r.name === countTool.name)?.approval,
    themed: {
      call: draw(render.renderCall({ text: "a" }, options(false), theme), 80),
      partial: draw(render.renderResult(partial, options(true), theme), 80),
      done: draw(render.renderResult(done, options(false), theme), 80),
      failed: draw(render.renderResult(failed, options(false), theme), 80),
      narrow: draw(render.renderResult(done, options(false), theme), 7),
      successMark: theme.status.success,
      errorMark: theme.status.error,
    },
  };
});
