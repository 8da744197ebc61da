/**
 * Google GenAI, driven for real: `ai.models.generateContent` with automatic
 * function calling, against a fake Gemini API on loopback (the client's
 * `httpOptions.baseUrl`). The fake's model calls one function in its first
 * turn and says "done" in its second; every request body is recorded, so a
 * test reads the function responses the SDK sent back.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { toolsFor } from "@agntn/tools";
import { toGoogleTool } from "@agntn/tools/google";
import { type CallableTool, GoogleGenAI } from "@google/genai";
import { callOf, MATRIX, type MatrixFixture } from "./fixture.ts";

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
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (!req.url?.includes(":generateContent")) {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as GeminiRequest;
      requests.push(body);
      const call = next;
      next = undefined;
      const reply = call ? turn([{ functionCall: { id: "fc1", name: call.name, args: call.args } }]) : turn([{ text: "done" }]);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const ai = new GoogleGenAI({ apiKey: "test-key", httpOptions: { baseUrl: `http://127.0.0.1:${port}` } });
  return {
    requests,
    async run(tool, name, args) {
      next = { name, args };
      const from = requests.length;
      await ai.models.generateContent({ model: "gemini-test", contents: "go", config: { tools: [tool] } });
      if (requests.length - from !== 2) throw new Error(`the SDK made ${requests.length - from} requests`);
      return requests.at(-1)?.contents.at(-1)?.parts ?? [];
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface GoogleDriver {
  call(id: string): Promise<unknown>;
  close(): Promise<void>;
}

/** The matrix row: the parts of the turn that answered the model's call (one `functionResponse`, or none). */
export async function openGoogle(fixture: MatrixFixture = MATRIX): Promise<GoogleDriver> {
  const rig = await googleRig();
  const tool = toGoogleTool(await toolsFor(fixture.tools));
  return {
    async call(id) {
      const { tool: name, args } = callOf(fixture, id);
      return rig.run(tool, name, args);
    },
    close: () => rig.close(),
  };
}
