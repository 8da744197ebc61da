// export.ts: a slow export that a client may run as a task, and poll while it works.
import { defineTool, Type } from "@agntn/tools";
import { createMcpHttpHandler } from "@agntn/tools/mcp";

/** One batch of rows; a real export would read a database here. */
const readBatch = (batch: number) => new Promise<number>((done) => setTimeout(() => done(250 + batch), 200));

export const exportOrders = defineTool({
  name: "orders_export",
  title: "Export Orders",
  description: "Export a month of orders as CSV. Takes a while: run it as a task where the client can.",
  effect: "read",
  input: Type.Object({ month: Type.String({ pattern: "^\\d{4}-\\d{2}$" }) }, { additionalProperties: false }),
  // A client that declared the Tasks extension gets a handle at once; any other gets the answer when it is ready.
  task: "optional",
  async execute({ month }, { progress, ask, signal }) {
    // A big month is worth a question first. No one to ask: go ahead, as a plain call would.
    if (ask) {
      const answer = await ask({
        message: `Export every order of ${month}? This reads 3 batches.`,
        schema: Type.Object({ go: Type.Boolean({ title: "Export" }) }, { additionalProperties: false }),
      });
      if (answer.action !== "accept" || !answer.content.go) return { content: [{ type: "text", text: "Nothing exported." }] };
    }
    let rows = 0;
    for (let batch = 1; batch <= 3; batch++) {
      // A cancel (tasks/cancel, or a plain call's cancel) stops the loop between batches.
      signal?.throwIfAborted();
      rows += await readBatch(batch);
      // In a task this line becomes the status message a client reads when it polls.
      progress?.(`batch ${batch}`, { progress: batch, total: 3 });
    }
    return { content: [{ type: "text", text: `Exported ${rows} orders of ${month} to orders-${month}.csv` }] };
  },
});

export const handler = createMcpHttpHandler({ name: "shop", version: "1.0.0" }, [exportOrders], {
  allowedHosts: ["tools.example.com"],
});
