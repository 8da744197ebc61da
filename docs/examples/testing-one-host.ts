// langchain.test.ts: one host alone, for what only that host does.
import { createTestHost } from "@agntn/tools/testing";
import { afterAll, expect, test } from "vitest";
import { tools } from "./testing-tools.ts";

const host = await createTestHost("langchain", {
  tools,
  calls: { missing: { tool: "pantry_find", args: { item: "saffron" } } },
});
afterAll(() => host.close());

test("LangChain marks the failure with the message's status", async () => {
  const answer = await host.call("missing");
  expect(answer).toMatchObject({ text: "The pantry has no saffron", isError: true });
  // `raw` is what the host itself produced: here, the parts of the ToolMessage the agent added.
  expect(answer.raw).toEqual({ content: "The pantry has no saffron", status: "error" });
});
