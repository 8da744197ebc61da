/**
 * Writes the panels the site draws: `node --conditions=agntn-source docs/host-facts/write.ts`.
 * test/docs-panels.test.ts recomputes them and fails when this file is stale.
 */
import { writeFileSync } from "node:fs";
import { computePanels } from "./compute.ts";

export const PANELS_FILE = new URL("../app/data/host-facts.json", import.meta.url);

writeFileSync(PANELS_FILE, `${JSON.stringify(await computePanels(), null, 2)}\n`);
console.log(`wrote ${PANELS_FILE.pathname}`);
