/**
 * Benchmark 15: a change to a `createToolList` list that servers follow, with
 * 10,000 tools against 100 (issue 31). One operation adds a tool and takes it
 * out again, so the list stays at its size; the list is followed by a
 * `createMcpServer` connected to a client over the in-memory pair and by a
 * `createMcpHttpHandler` with a 2025 session open, so every change is checked
 * by both and announced to both clients. A change looks at the tool it brings
 * in only, so its cost must not grow with the list.
 *
 * The work a change no longer does is not gone: each follower makes its set
 * again at its next request. That is measured beside it, reported without a
 * target: a change followed by one `tools/list`, which is linear in the list.
 * The list with no server following it is measured too, with the same limit.
 */
import { type AnyTool, createToolList, type ToolList } from "@agntn/tools";
import { createMcpHttpHandler, createMcpServer } from "@agntn/tools/mcp";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { joinTool } from "./fixtures.ts";
import { formatNs, formatRatio, median, QUICK, type Section, standalone } from "./harness.ts";
import { type Paired, paired, pairedTable, ratioOf } from "./paired.ts";

const SMALL = 100;
const LARGE = 10_000;
/** A change on a list of 10,000 tools may cost at most this many times the same change on a list of 100. */
const FLAT_SLACK = 1.5;
const info = { name: "bench-list", version: "1.0.0" };

function makeTools(count: number): AnyTool[] {
  return Array.from({ length: count }, (_, k) => ({ ...joinTool, name: `tool_${String(k).padStart(5, "0")}` }) as AnyTool);
}

/** The tool each operation adds and takes out: checked once, when first added, as a plugin's tool is. */
const extra = { ...joinTool, name: "plugin_tool" } as AnyTool;

interface Followed {
  list: ToolList;
  /** The in-memory client of the `createMcpServer`. */
  client: Client;
  /** `tools/list_changed` notifications each client heard. */
  heard: { memory: number; http: number };
  errors: Error[];
  close(): Promise<void>;
}

/** A list of `count` tools, a connected `createMcpServer` and a `createMcpHttpHandler` with a 2025 session, all listed once. */
async function followed(count: number): Promise<Followed> {
  const list = createToolList(makeTools(count));
  const errors: Error[] = [];
  const heard = { memory: 0, http: 0 };
  const server = createMcpServer(info, list);
  server.onerror = (error) => errors.push(error);
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "bench", version: "1.0.0" });
  client.setNotificationHandler("notifications/tools/list_changed", () => {
    heard.memory++;
  });
  await client.connect(clientSide);
  const handler = createMcpHttpHandler(info, list, { onerror: (error) => errors.push(error) });
  const overHttp = new Client({ name: "bench", version: "1.0.0" });
  overHttp.setNotificationHandler("notifications/tools/list_changed", () => {
    heard.http++;
  });
  await overHttp.connect(
    new StreamableHTTPClientTransport(new URL("http://localhost/mcp"), {
      // In process, no network: the request goes straight to the handler, with the Host a local client sends.
      fetch: (url, init) => {
        const headers = new Headers(init?.headers);
        headers.set("host", "localhost");
        return handler.fetch(new Request(url, { ...init, headers }));
      },
    }),
  );
  // Each follower builds its set once, as a running server has.
  for (const one of [client, overHttp]) {
    const listed = (await one.listTools()).tools.length;
    if (listed !== count) throw new Error(`listed ${listed} tools of ${count}`);
  }
  return {
    list,
    client,
    heard,
    errors,
    close: async () => {
      await Promise.allSettled([client.close(), overHttp.close()]);
      await Promise.allSettled([server.close(), handler.close()]);
    },
  };
}

/** One operation: the tool in, then out, so the list keeps its size. */
function change(list: ToolList): void {
  list.add(extra);
  list.remove(extra.name);
}

/** The operation, then the `tools/list` that makes the in-memory server's set again. */
function changeAndList(one: Followed): Promise<unknown> {
  change(one.list);
  return one.client.listTools();
}

/** Waits until both clients have heard `count` notifications, or a second has passed. */
async function heardAll(one: Followed, count: number): Promise<boolean> {
  const until = Date.now() + 1000;
  while (Date.now() < until) {
    if (one.heard.memory >= count && one.heard.http >= count) return true;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return false;
}

export async function run(): Promise<Section> {
  const small = await followed(SMALL);
  const large = await followed(LARGE);
  // Checked first: a change is heard by both clients and served at the next request.
  for (const one of [small, large]) {
    one.list.add(extra);
    const listed = (await one.client.listTools()).tools;
    if (listed.at(-1)?.name !== extra.name) throw new Error("the added tool is not served");
    one.list.remove(extra.name);
    if (!(await heardAll(one, 2))) throw new Error(`the clients heard ${JSON.stringify(one.heard)} of 2 changes`);
  }
  // The list with no server following it: the list's own check and bookkeeping only.
  const aloneSmall = createToolList(makeTools(SMALL));
  const aloneLarge = createToolList(makeTools(LARGE));
  const alone = await paired(
    [
      { name: `add + remove, ${SMALL} tools, list alone`, fn: async () => change(aloneSmall) },
      { name: `add + remove, ${LARGE.toLocaleString("en-US")} tools, list alone`, fn: async () => change(aloneLarge) },
    ],
    QUICK ? 9 : 31,
    QUICK ? 2_000 : 20_000,
  );
  // The operation is awaited, so the notifications of one change are on their way before the next.
  const changes = await paired(
    [
      { name: `add + remove, ${SMALL} tools`, fn: async () => change(small.list) },
      { name: `add + remove, ${LARGE.toLocaleString("en-US")} tools`, fn: async () => change(large.list) },
    ],
    QUICK ? 9 : 31,
    QUICK ? 50 : 200,
  );
  const relisted = await paired(
    [
      { name: `add + remove + tools/list, ${SMALL} tools`, fn: () => changeAndList(small) },
      {
        name: `add + remove + tools/list, ${LARGE.toLocaleString("en-US")} tools`,
        fn: () => changeAndList(large),
      },
    ],
    QUICK ? 3 : 7,
    1,
  );
  const errors = [...small.errors, ...large.errors];
  await Promise.all([small.close(), large.close()]);
  if (errors.length > 0) throw new Error(`the servers reported: ${errors.map((e) => e.message).join("; ")}`);
  /** The target's figure: the CPU ratio, with both CPU medians and the wall ratio beside it. */
  const figures = ([base, large_]: Paired[]) => {
    const cpu = ratioOf(large_!.cpu, base!.cpu);
    const wall = ratioOf(large_!.wall, base!.wall);
    return {
      cpu,
      text: `${formatRatio(cpu)} (${formatNs(median(large_!.cpu))} vs ${formatNs(median(base!.cpu))} CPU; wall ${formatRatio(wall)})`,
    };
  };
  const flat = figures(changes);
  const flatAlone = figures(alone);
  const rebuilt = figures(relisted);
  const body = [
    `One operation adds a tool and removes it, on a list of ${SMALL} and of ${LARGE.toLocaleString("en-US")} tools followed by a \`createMcpServer\` connected to a client over the in-memory pair and a \`createMcpHttpHandler\` with a 2025 session open (in process, no network). Both check each change and tell their client of it. Rounds of one batch per variant, the order rotating (bench/paired.ts); the target reads the CPU time, which a wait for a core on a busy machine does not inflate.`,
    "",
    pairedTable(changes, "operation"),
    "",
    "The same operation on a list no server follows:",
    "",
    pairedTable(alone, "operation"),
    "",
    "Where the work went: each follower makes its set again at its first request after a change. The same operation followed by one `tools/list` on the in-memory client (no target; reported):",
    "",
    pairedTable(relisted, "operation"),
  ].join("\n");
  return {
    id: 15,
    title: "A change to a followed tool list: 10,000 tools vs 100",
    body,
    targets: [
      {
        what: `add + remove on a list of ${LARGE.toLocaleString("en-US")} tools vs ${SMALL}, followed by createMcpServer and createMcpHttpHandler`,
        target: `≤ ${FLAT_SLACK.toFixed(2)}× (flat)`,
        measured: flat.text,
        met: flat.cpu <= FLAT_SLACK,
      },
      {
        what: `add + remove on a list of ${LARGE.toLocaleString("en-US")} tools vs ${SMALL}, the list alone`,
        target: `≤ ${FLAT_SLACK.toFixed(2)}× (flat)`,
        measured: flatAlone.text,
        met: flatAlone.cpu <= FLAT_SLACK,
      },
      {
        what: `the same change then one tools/list, ${LARGE.toLocaleString("en-US")} tools vs ${SMALL} (no target; reported)`,
        target: "—",
        measured: rebuilt.text,
        met: true,
      },
    ],
  };
}

if (import.meta.main) await standalone(run);
