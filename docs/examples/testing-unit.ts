// recipe.test.ts: a unit test of one tool, through a real MCP client in the test's own process.
import { createTestClient } from "@agntn/tools/testing";
import { afterAll, expect, test } from "vitest";
import { tools } from "./testing-tools.ts";

const client = await createTestClient(tools);
afterAll(() => client.close());

test("scales an amount", async () => {
  expect(await client.callTool("recipe_scale", { grams: 250, from: 4, to: 6 })).toEqual({
    content: [{ type: "text", text: "250 g for 4 is 375 g for 6" }],
    structuredContent: { grams: 375 },
  });
});

test("refuses zero servings, in the words the model reads", async () => {
  expect(await client.callTool("recipe_scale", { grams: 250, from: 0, to: 6 })).toEqual({
    content: [{ type: "text", text: "Invalid arguments at /from: must be >= 1" }],
    isError: true,
  });
});

test("an item the pantry does not hold is a failure in the tool's own words", async () => {
  expect(await client.callTool("pantry_find", { item: "saffron" })).toEqual({
    content: [{ type: "text", text: "The pantry has no saffron" }],
    isError: true,
  });
});
