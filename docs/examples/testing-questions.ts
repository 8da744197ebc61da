// clear.test.ts: the tool's question answered by the test's script, and what the tool reported on the way.
import { createTestClient } from "@agntn/tools/testing";
import { expect, test } from "vitest";
import { tools } from "./testing-tools.ts";

test("asks before it throws anything away", async () => {
  const client = await createTestClient(tools, { questions: [{ action: "accept", content: { sure: true } }] });
  try {
    expect(await client.callTool("pantry_clear", { shelf: "top shelf" })).toEqual({
      content: [{ type: "text", text: "The top shelf is empty now." }],
    });
    expect(client.questions.map((question) => question.message)).toEqual(["Throw away everything on the top shelf?"]);
    expect(client.progress).toEqual([
      { tool: "pantry_clear", progress: 1, total: 2, message: "looking at the top shelf" },
      { tool: "pantry_clear", progress: 2, total: 2, message: "cleared" },
    ]);
  } finally {
    await client.close();
  }
});

test("a declined question throws nothing away", async () => {
  const client = await createTestClient(tools, { questions: [{ action: "decline" }] });
  try {
    expect(await client.callTool("pantry_clear", { shelf: "top shelf" })).toEqual({
      content: [{ type: "text", text: "Nothing thrown away." }],
    });
  } finally {
    await client.close();
  }
});

test("with no one to ask, the tool says so", async () => {
  // No `questions`: the client does not offer to answer them, and the tool's `ask` is absent.
  const client = await createTestClient(tools);
  try {
    expect(await client.callTool("pantry_clear", { shelf: "top shelf" })).toEqual({
      content: [{ type: "text", text: "Needs a person to confirm; nothing thrown away." }],
      isError: true,
    });
  } finally {
    await client.close();
  }
});

test("on 2026-07-28 the tool runs again from its start once the answer is in", async () => {
  const client = await createTestClient(tools, {
    revision: "2026-07-28",
    questions: [{ action: "accept", content: { sure: true } }],
  });
  try {
    await client.callTool("pantry_clear", { shelf: "top shelf" });
    // The report made before the question comes once per run: before the answer, and again after it.
    expect(client.progress.map((report) => report.message)).toEqual(["looking at the top shelf", "looking at the top shelf", "cleared"]);
  } finally {
    await client.close();
  }
});
