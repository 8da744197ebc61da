/**
 * The tab as a client that renders MCP Apps: it shows a tool's view the way
 * Claude or VS Code would, with the extension's own host side. A connection
 * of its own (the same `createMcpServer` over an in-memory pair, declaring
 * `io.modelcontextprotocol/ui`) finds the view in `tools/list` and reads it
 * with `resources/read`; the view runs in an iframe sandboxed to scripts only
 * (an opaque origin: it cannot reach this page, its storage or its cookies),
 * under a Content-Security-Policy built from the view's declared domains; the
 * extension's `AppBridge` talks to it over `PostMessageTransport`, hands it
 * the call's input and result, and passes its `tools/call` requests to the
 * server when the tool they name is one a view may call. Nothing leaves the
 * page.
 */
import type { AnyTool } from "@agntn/tools";
import { AppBridge, isToolVisibilityModelOnly, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";
import { connectMcp } from "./hosts.ts";
import type { Person, ViewCall } from "./types.ts";

/** The origins a view declared, per directive (the extension's `_meta.ui.csp`). */
interface ViewCsp {
  connectDomains?: string[];
  resourceDomains?: string[];
  frameDomains?: string[];
  baseUriDomains?: string[];
}

/** Nobody answers a view's questions here: a tool that asks gets "cancel", as from a closed dialog. */
const NOBODY: Person = {
  progress: () => {},
  form: async () => ({ action: "cancel" }),
  dialog: async () => undefined,
  notify: () => {},
  wire: () => {},
};

/**
 * The policy the extension's spec gives a view by default, widened only by
 * the origins it declared. Written here: ext-apps builds an iframe's `allow`
 * list (`buildAllowAttribute`) but leaves the policy to each host.
 */
export function viewPolicy(csp: ViewCsp | undefined): string {
  const listed = (domains: string[] | undefined) => (domains ?? []).join(" ");
  const resources = listed(csp?.resourceDomains);
  const connect = listed(csp?.connectDomains);
  const frames = listed(csp?.frameDomains);
  const base = listed(csp?.baseUriDomains);
  return [
    "default-src 'none'",
    `script-src 'self' 'unsafe-inline' ${resources}`,
    `style-src 'self' 'unsafe-inline' ${resources}`,
    `img-src 'self' data: ${resources}`,
    // Fonts only from declared origins: without any, default-src 'none' stands, as the spec's default has it.
    ...(resources ? [`font-src ${resources}`] : []),
    `media-src 'self' data: ${resources}`,
    `connect-src ${connect || "'none'"}`,
    `frame-src ${frames || "'none'"}`,
    `base-uri ${base || "'self'"}`,
  ]
    .map((directive) => directive.trim())
    .join("; ");
}

/** The view's document with the policy as its first `<head>` element, so it applies before any script or style. */
export function withPolicy(html: string, policy: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy.replaceAll('"', "&quot;")}">`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return `${html.slice(0, head.index + head[0].length)}${meta}${html.slice(head.index + head[0].length)}`;
  return `<!doctype html><html><head>${meta}</head><body>${html}</body></html>`;
}

export interface ShownView {
  /** Tears the view down (the bridge asks it first) and closes the connection. */
  close(): Promise<void>;
}

export interface ViewFrameEvents {
  /** The height the view asks for, in CSS pixels. */
  size(height: number): void;
  /** The view finished its handshake and has the call's input and result. */
  ready(): void;
  /** A view's call the host refused, or a failure showing the view: one line for the page. */
  problem(line: string): void;
}

/**
 * Shows `call`'s view in `frame`: reads it from the server, loads it
 * sandboxed, connects the bridge, and once the view says it is initialized
 * sends it the call's input and result.
 */
export async function showView(
  frame: HTMLIFrameElement,
  call: ViewCall,
  tools: readonly AnyTool[],
  theme: "light" | "dark",
  events: ViewFrameEvents,
): Promise<ShownView> {
  const { client, close } = await connectMcp(tools, NOBODY, { revision: call.revision });
  try {
    const listed = (await client.listTools()).tools;
    const tool = listed.find((entry) => entry.name === call.tool);
    const uri = (tool?._meta?.ui as { resourceUri?: unknown } | undefined)?.resourceUri;
    if (typeof uri !== "string") throw new Error(`${call.tool} names no view in tools/list`);
    const [content] = (await client.readResource({ uri })).contents;
    if (!content || !("text" in content)) throw new Error(`${uri} has no HTML text`);
    const csp = (content._meta?.ui as { csp?: ViewCsp } | undefined)?.csp;

    const bridge = new AppBridge(
      null,
      { name: "agntn docs playground", version: "1.0.0" },
      { serverTools: {}, logging: {} },
      {
        hostContext: { theme, displayMode: "inline", platform: "web" },
      },
    );
    // The spec leaves it to the host to refuse a view's call of a tool only the model may call.
    bridge.oncalltool = async (params) => {
      const named = listed.find((entry) => entry.name === params.name);
      if (named && isToolVisibilityModelOnly(named)) throw new Error(`${params.name} is not a tool views may call`);
      return client.callTool(params);
    };
    bridge.onsizechange = ({ height }) => {
      if (typeof height === "number") events.size(height);
    };
    // Plain copies: the page keeps the call in reactive state, whose proxies postMessage cannot clone.
    const input = JSON.parse(JSON.stringify(call.args ?? {})) as Record<string, unknown>;
    const result = JSON.parse(JSON.stringify(call.result));
    bridge.oninitialized = () => {
      void (async () => {
        await bridge.sendToolInput({ arguments: input });
        await bridge.sendToolResult(result);
        events.ready();
      })().catch((error: unknown) => events.problem(String(error)));
    };
    // Scripts only: no same-origin access, no forms, no pop-ups, no top navigation. The page sets it before anything
    // loads; a frame without it would run the view with this page's origin, so none is shown there.
    if (frame.getAttribute("sandbox") !== "allow-scripts") throw new Error("the view's frame must be sandboxed to allow-scripts alone");
    const window = frame.contentWindow;
    if (!window) throw new Error("the view's frame is not in the page");
    await bridge.connect(new PostMessageTransport(window, window));
    frame.srcdoc = withPolicy(content.text, viewPolicy(csp));
    return {
      async close() {
        await bridge.teardownResource({}, { timeout: 500 }).catch(() => {});
        await bridge.close();
        await close();
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}
