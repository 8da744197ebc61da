// hosts.test.ts: the same calls through every host installed here, and one check that they all answered alike.
import { fileURLToPath } from "node:url";
import { assertSameAnswers, callOnHosts } from "@agntn/tools/testing";
import { expect, test } from "vitest";
import { tools } from "./testing-tools.ts";

// The command line and OMP run in a process of their own: they load the tools from this file's `tools` export.
const module = fileURLToPath(new URL("./testing-tools.ts", import.meta.url));

test("every host gives the model the same answers", async () => {
  const table = await callOnHosts({
    tools,
    module,
    calls: {
      scaled: { tool: "recipe_scale", args: { grams: 250, from: 4, to: 6 } },
      refused: { tool: "recipe_scale", args: { grams: 250, from: 0, to: 6 } },
      found: { tool: "pantry_find", args: { item: "rice" } },
      missing: { tool: "pantry_find", args: { item: "saffron" } },
    },
  });
  // A host whose packages are not installed is a row with `skipped`, left out of the check.
  for (const row of table.rows) if (row.skipped) console.log(row.skipped);
  assertSameAnswers(table);
  // What they agree on, read from the first host (MCP).
  const { scaled, missing } = table.rows[0]?.answers ?? {};
  expect(scaled).toMatchObject({ text: "250 g for 4 is 375 g for 6", isError: false, details: { grams: 375 } });
  expect(missing).toMatchObject({ text: "The pantry has no saffron", isError: true });
}, 240_000);
