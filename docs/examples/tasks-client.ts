// client.ts: call the export as a task with the official Tasks client, answer its question, and wait for the result.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { createTaskSessionFromClient, resultFromTaskOutcome } from "@modelcontextprotocol/ext-tasks/client";

const PROTOCOL = "2026-07-28";
const clientInfo = { name: "reports", version: "1.0.0" };

/** Runs `orders_export` for a month; `onStatus` hears each status the task reports while it works. */
export async function exportMonth(url: URL, month: string, onStatus: (line: string) => void, fetch = globalThis.fetch) {
  const client = new Client(clientInfo, { versionNegotiation: { mode: { pin: PROTOCOL } } });
  await client.connect(new StreamableHTTPClientTransport(url, { fetch }));
  let id = 0;
  const session = createTaskSessionFromClient(client, {
    endpointId: url.href,
    // The SDK's client cannot send the task requests of 2026-07-28 yet, so this one POSTs them itself.
    rawDispatch: async (request, options) => {
      const { method, params } = request as { method: string; params: { name?: string; taskId?: string } };
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-protocol-version": PROTOCOL,
          "mcp-method": method,
          "mcp-name": params.name ?? params.taskId ?? "",
        },
        body: JSON.stringify({ ...(request as object), jsonrpc: "2.0", id: ++id }),
        signal: options?.signal ?? null,
      });
      const reply = (await response.json()) as { result?: never; error?: never };
      return reply.error ? { kind: "error", error: reply.error } : { kind: "result", result: reply.result! };
    },
    v2RequestFraming: { protocolVersion: PROTOCOL, clientInfo, clientCapabilities: { elicitation: { form: {} } } },
    // The task's question, asked through tasks/get and answered with tasks/update. A real client shows it to the person.
    onInputRequest: async (input) => {
      if (input.kind !== "elicitation") throw new Error(`no answer for ${input.kind}`);
      return { action: "accept", content: { go: true } } as never;
    },
  });
  try {
    const execution = await session.callTool("orders_export", { month });
    const { outcome } = await execution.settle({
      onEvent: (event) => {
        if (event.type === "task") onStatus(`${event.task.status}${event.task.statusMessage ? `: ${event.task.statusMessage}` : ""}`);
      },
    });
    return resultFromTaskOutcome(outcome) as { content: { type: string; text: string }[]; isError?: boolean };
  } finally {
    await session.close();
    await client.close();
  }
}
