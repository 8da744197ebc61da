// updates.ts: a client follows the changelog; publishing a release tells it to read it again.
import { createMcpHttpHandler } from "@agntn/tools/mcp";
import { changelog, guide } from "./resources-catalog.ts";
import { tools } from "./tools.ts";

export const handler = createMcpHttpHandler({ name: "handbook", version: "1.1.0" }, tools, {
  resources: [changelog, guide],
});

export async function publishRelease(save: () => Promise<void>): Promise<void> {
  await save();
  // Every client following docs://changelog hears notifications/resources/updated, on either revision.
  handler.notify.resourceUpdated("docs://changelog");
}
