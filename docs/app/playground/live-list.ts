/**
 * The playground's tool list, changed while the hosts run (issue 31). The
 * hosts are built from a `createToolList` list (hosts.ts), and the page's
 * control adds `text_reverse` to it and takes it out again.
 *
 * Each MCP call in the tab has its own short connection, which would never
 * be open when the list changes. So a change is made while one more client
 * is connected to a server made from the list itself: the page shows that
 * client being told `notifications/tools/list_changed` (on 2026-07-28 through
 * the `subscriptions/listen` it opened first) and asking `tools/list` again.
 * Pi, OMP and the AI SDK have no such message; they take the new list the
 * next time they are called.
 */
import { type AnyTool, createToolList, defineTool, type ToolList, Type } from "@agntn/tools";
import { tools as demoTools } from "../../../playground/server/tools.ts";
import { connectMcp } from "./hosts.ts";
import { LIVE_TOOL } from "./presets.ts";
import type { Person, Revision } from "./types.ts";

/** Splits text into what a reader counts as characters, so an accent or a skin tone stays with its letter. */
const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** The tool the control adds: small, with no view (a list refuses a tool with one once the server runs). */
export const reverseTool = defineTool({
  name: LIVE_TOOL,
  title: "Text Reverse",
  description: "Write a text backwards, one visible character at a time.",
  effect: "read",
  input: Type.Object(
    { text: Type.String({ minLength: 1, maxLength: 200, description: "Text to reverse" }) },
    { additionalProperties: false },
  ),
  execute({ text }) {
    const reversed = Array.from(graphemes.segment(text), (part) => part.segment)
      .reverse()
      .join("");
    return { content: [{ type: "text", text: reversed }] };
  },
});

/** The list the playground's hosts are built from: the demo tools to start with. */
export function createLiveList(tools: readonly AnyTool[] = demoTools): ToolList {
  return createToolList(tools);
}

/** Whether the list holds the tool the control adds. */
export function hasLiveTool(list: ToolList): boolean {
  return list.tools.some((tool) => tool.name === LIVE_TOOL);
}

/** What the watching client saw of one change. */
export interface Heard {
  /** Whether `notifications/tools/list_changed` reached it. */
  told: boolean;
  /** The tool names it listed after the change. */
  listed: string[];
}

/** How long the watching client waits to be told; the in-memory pair delivers at once, so this only bounds a fault. */
const TELL_WITHIN_MS = 5_000;

/**
 * Adds the control's tool to the list, or takes it out, while a client is
 * connected to a server made from the list. Every message of that
 * connection goes to `wire` as a wire line.
 */
export async function changeWatched(
  list: ToolList,
  change: "add" | "remove",
  options: { revision: Revision; wire(line: string): void },
): Promise<Heard> {
  // The watching client is never asked anything; it only listens.
  const person: Person = {
    progress() {},
    form: async () => ({ action: "cancel" }),
    dialog: async () => undefined,
    notify() {},
    wire: options.wire,
  };
  const connection = await connectMcp(list, person, { revision: options.revision });
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const { client } = connection;
    let tell = () => {};
    const told = new Promise<boolean>((resolve) => {
      tell = () => resolve(true);
      timer = setTimeout(() => resolve(false), TELL_WITHIN_MS);
    });
    client.setNotificationHandler("notifications/tools/list_changed", () => tell());
    // On 2026-07-28 a server sends list changes only down a stream the client asked for.
    if (options.revision === "2026-07-28") await client.listen({ toolsListChanged: true });
    // A change that changes nothing (the tool already out) tells nobody, so there is nothing to wait for.
    let changed = true;
    if (change === "add") list.add(reverseTool);
    else changed = list.remove(LIVE_TOOL);
    const heard = changed && (await told);
    const listed = (await client.listTools()).tools.map((tool) => tool.name);
    return { told: heard, listed };
  } finally {
    clearTimeout(timer);
    await connection.close();
  }
}
