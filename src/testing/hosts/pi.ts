/**
 * The Pi host: registerPiTools inside a real Pi session (see ./pi-session.ts),
 * the model scripted. A call answers with the tool result Pi hands the model
 * in its next request: Pi's error mark, the content blocks and the details Pi
 * kept beside them.
 */
import { toolsFor } from "@agntn/tools";
import { registerPiTools } from "@agntn/tools/pi";
import type { JsonObject } from "@earendil-works/pi-ai";
import type { HostOptions, HostSession } from "../types.ts";
import { callOf } from "./call.ts";
import { startPiSession } from "./pi-session.ts";
import { blockText } from "./read.ts";

/** What the model reads back from Pi: the error mark, the blocks, and the details Pi recorded. */
export interface PiRead {
  isError: boolean;
  content: unknown[];
  details: unknown;
}

export async function open(options: HostOptions): Promise<HostSession> {
  const tools = await toolsFor(options.tools);
  const session = await startPiSession((api) => registerPiTools(api, tools));
  if (session.extensionErrors.length > 0) {
    session.close();
    throw new Error(`Pi did not load the tools: ${JSON.stringify(session.extensionErrors)}`);
  }
  return {
    async call(id): Promise<PiRead> {
      const { tool, args = {} } = callOf(options, id);
      const read = await session.call(tool, args as JsonObject);
      return { isError: read.isError, content: read.content, details: read.details };
    },
    async close() {
      session.close();
    },
  };
}

/**
 * Pi's framing: the text blocks as they are (an image stays an image block, left out here with the core's notes
 * for the other media). Pi records `details: {}` for every failure, and `undefined` for a success without details:
 * only a success's details are the tool's own.
 */
export function answerOf(raw: unknown): { text: string; isError: boolean; details?: unknown } {
  const read = raw as PiRead;
  const answer = { text: blockText(read.content), isError: read.isError };
  return read.isError || read.details === undefined ? answer : { ...answer, details: read.details };
}
