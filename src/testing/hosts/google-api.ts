/**
 * A fake Gemini API on a loopback port, and a GoogleGenAI client on it (its
 * `httpOptions.baseUrl`): the fake's model calls the function it is told to
 * in its first turn and says "done" in its second. Every request body is
 * kept, so `run` answers the parts the SDK sent back after the call.
 */
import { createServer } from "node:http";
import { type CallableTool, GoogleGenAI } from "@google/genai";
import { listenOnLoopback } from "./loopback.ts";

/** A `generateContent` body, as the fields the tests read. */
export interface GeminiRequest {
  contents: Array<{ role: string; parts: Array<Record<string, unknown>> }>;
  tools?: Array<{ functionDeclarations?: unknown[] }>;
}

export interface GoogleRig {
  requests: GeminiRequest[];
  /** Runs one `generateContent` in which the model calls `name` with `args`; answers the parts the model read back. */
  run(tool: CallableTool, name: string, args: Record<string, unknown>): Promise<Array<Record<string, unknown>>>;
  close(): Promise<void>;
}

const usageMetadata = { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 };

/** One model turn holding `parts`. */
function turn(parts: unknown[]) {
  return {
    candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0 }],
    usageMetadata,
    modelVersion: "gemini-test",
  };
}

export async function googleRig(): Promise<GoogleRig> {
  const requests: GeminiRequest[] = [];
  let next: { name: string; args: Record<string, unknown> } | undefined;
  /** The model's turn for a request: the call it was told to make, once, then "done". */
  const reply = () => {
    const call = next;
    next = undefined;
    return call ? turn([{ functionCall: { id: "fc1", name: call.name, args: call.args } }]) : turn([{ text: "done" }]);
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (!req.url?.includes(":generateContent")) {
        res.writeHead(404).end();
        return;
      }
      requests.push(JSON.parse(Buffer.concat(chunks).toString("utf8")) as GeminiRequest);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(reply()));
    });
  });
  const { url, close } = await listenOnLoopback(server);
  const ai = new GoogleGenAI({ apiKey: "test-key", httpOptions: { baseUrl: url } });
  return {
    requests,
    async run(tool, name, args) {
      next = { name, args };
      const from = requests.length;
      await ai.models.generateContent({ model: "gemini-test", contents: "go", config: { tools: [tool] } });
      if (requests.length - from !== 2) throw new Error(`the SDK made ${requests.length - from} requests`);
      return requests.at(-1)?.contents.at(-1)?.parts ?? [];
    },
    close,
  };
}
