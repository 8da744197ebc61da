/**
 * The host matrix's Pi row: registerPiTools inside a real Pi session
 * (`createAgentSession`, pi-ai's faux provider as the model; see
 * test/fixtures/pi-session.ts). A call answers with the tool result the model
 * reads back in its next request.
 */
import { toolsFor } from "@agntn/tools";
import { registerPiTools } from "@agntn/tools/pi";
import type { JsonObject } from "@earendil-works/pi-ai";
import { startPi } from "../../fixtures/pi-session.ts";
import { callOf, MATRIX, type MatrixFixture } from "./fixture.ts";

/** What the model reads: Pi's error mark, the content blocks and the details Pi kept. */
export interface PiRead {
  isError: boolean;
  content: unknown[];
  details: unknown;
}

export interface PiDriver {
  call(id: string): Promise<PiRead>;
  close(): Promise<void>;
}

export async function openPi(fixture: MatrixFixture = MATRIX): Promise<PiDriver> {
  const tools = await toolsFor(fixture.tools);
  const harness = await startPi({ extension: (api) => registerPiTools(api, tools) });
  if (harness.extensions.errors.length > 0) throw new Error(JSON.stringify(harness.extensions.errors));
  return {
    async call(id) {
      const { tool, args } = callOf(fixture, id);
      const read = await harness.call(tool, args as JsonObject);
      return { isError: read.isError, content: read.content, details: read.details };
    },
    async close() {
      harness.close();
    },
  };
}
