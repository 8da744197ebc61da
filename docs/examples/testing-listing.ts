// listing.test.ts: what a client lists, kept as a snapshot, so a changed name, schema or hint shows in review.
import { createTestClient } from "@agntn/tools/testing";
import { expect, test } from "vitest";
import { findTool } from "./testing-tools.ts";

test("the listing of pantry_find", async () => {
  const client = await createTestClient([findTool]);
  try {
    expect(await client.listTools()).toMatchInlineSnapshot(`
      [
        {
          "annotations": {
            "destructiveHint": false,
            "idempotentHint": true,
            "openWorldHint": false,
            "readOnlyHint": true,
            "title": "Find in the Pantry",
          },
          "description": "Say where an item is kept; an item the pantry does not hold is a failure.",
          "inputSchema": {
            "additionalProperties": false,
            "properties": {
              "item": {
                "minLength": 1,
                "type": "string",
              },
            },
            "required": [
              "item",
            ],
            "type": "object",
          },
          "name": "pantry_find",
          "title": "Find in the Pantry",
        },
      ]
    `);
  } finally {
    await client.close();
  }
});
