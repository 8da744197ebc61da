/**
 * The Tasks page: its slow export (docs/examples/tasks-export.ts) called as a
 * task with raw 2026-07-28 requests, the wire exchange the page shows, and the
 * official Tasks client (docs/examples/tasks-client.ts) driving it to the end;
 * then the Redis server (docs/examples/tasks-redis.ts) on a real redis-server,
 * where a second handler on the same Redis answers for a task the first made,
 * a handler made after both closed still serves its result, and a task whose
 * instance (a real process) is killed ends failed once its lease lapses. A
 * store the file system refuses answers the page's -32603 line.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineTool } from "@agntn/tools";
import { createMcpHttpHandler, createTaskStore } from "@agntn/tools/mcp";
import { Redis } from "ioredis";
import { createStorage } from "unstorage";
import fsDriver from "unstorage/drivers/fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportMonth } from "../docs/examples/tasks-client.ts";
import { exportOrders, handler } from "../docs/examples/tasks-export.ts";
import { createHandler } from "../docs/examples/tasks-redis.ts";
import { type StartedRedis, startRedis } from "./fixtures/redis.ts";
import { lacks } from "./helpers/lacks.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const page = readFileSync(`${root}docs/content/1.guide/13.tasks.md`, "utf8");
const url = new URL("https://tools.example.com/mcp");
const TASKS = "io.modelcontextprotocol/tasks";

type Fetcher = { fetch(request: Request): Promise<Response> };

/** The fields of the answers these tests read: a handle, a task, or a plain call's result. */
interface Answer {
  resultType: string;
  taskId: string;
  status: string;
  statusMessage?: string;
  inputRequests: Record<string, { method: string; params: { message: string } }>;
  result: { content: unknown };
  error?: { code: number; message: string };
  content?: unknown;
  isError?: boolean;
}

/** A fetch that hands each request to a handler, as the balancer in front of it would, with its Host. */
const through = (target: Fetcher) =>
  ((input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    request.headers.set("host", url.host);
    return target.fetch(request);
  }) as typeof fetch;

let id = 0;

/** One raw 2026-07-28 request; `tasks` says whether the client declares the extension (and forms). Answers the JSON-RPC reply. */
async function send(target: Fetcher, method: string, params: Record<string, unknown>, tasks = true, token?: string) {
  const meta = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1.0.0" },
    // Without the extension this client declares no forms either, so a tool has no one to ask.
    "io.modelcontextprotocol/clientCapabilities": tasks ? { elicitation: { form: {} }, extensions: { [TASKS]: {} } } : {},
  };
  const response = await target.fetch(
    new Request(url, {
      method: "POST",
      headers: {
        host: url.host,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2026-07-28",
        "mcp-method": method,
        "mcp-name": String(params.name ?? params.taskId ?? ""),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params: { ...params, _meta: meta } }),
    }),
  );
  return (await response.json()) as { result?: Answer; error?: { code: number; message: string } };
}

/** Polls tasks/get until the task's status is `status` (and its status message `message`, when given). */
async function until(target: Fetcher, taskId: string, status: string, message?: string) {
  for (let tries = 0; tries < 100; tries++) {
    const { result } = await send(target, "tasks/get", { taskId });
    if (result?.status === status && (message === undefined || result.statusMessage === message)) return result;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`task ${taskId} never reached ${status} ${message ?? ""}`);
}

afterAll(() => handler.close());

describe("the export as a task, with raw 2026-07-28 requests", () => {
  it("answers tools/call with a handle, asks through tasks/get, takes the answer from tasks/update, and ends with the result", async () => {
    const created = await send(handler, "tools/call", { name: "orders_export", arguments: { month: "2026-11" } });
    expect(created.result).toMatchObject({ resultType: "task", status: "working", ttlMs: 3_600_000, pollIntervalMs: 1000 });
    const { taskId } = created.result!;
    expect(typeof taskId).toBe("string");

    const asking = await until(handler, taskId, "input_required");
    expect(asking.resultType).toBe("complete");
    expect(Object.keys(asking.inputRequests)).toEqual(["ask-1"]);
    expect(asking.inputRequests["ask-1"]?.method).toBe("elicitation/create");
    expect(asking.inputRequests["ask-1"]?.params.message).toBe("Export every order of 2026-11? This reads 3 batches.");

    const answered = await send(handler, "tasks/update", {
      taskId,
      inputResponses: { "ask-1": { action: "accept", content: { go: true } } },
    });
    expect(answered.result).toMatchObject({ resultType: "complete" });

    expect((await until(handler, taskId, "working", "batch 1 (1/3)")).statusMessage).toBe("batch 1 (1/3)");
    const done = await until(handler, taskId, "completed");
    expect(done.result).toEqual({
      resultType: "complete",
      content: [{ type: "text", text: "Exported 756 orders of 2026-11 to orders-2026-11.csv" }],
    });
  });

  it("ends cancelled on tasks/cancel: the signal stops the loop", async () => {
    const { result } = await send(handler, "tools/call", { name: "orders_export", arguments: { month: "2026-10" } });
    await until(handler, result!.taskId, "input_required");
    await send(handler, "tasks/update", {
      taskId: result!.taskId,
      inputResponses: { "ask-1": { action: "accept", content: { go: true } } },
    });
    expect((await send(handler, "tasks/cancel", { taskId: result!.taskId })).result).toMatchObject({ resultType: "complete" });
    expect((await until(handler, result!.taskId, "cancelled")).status).toBe("cancelled");
  });

  it("answers at once a client that declared neither the extension nor forms (no one to ask: it goes ahead)", async () => {
    const { result } = await send(handler, "tools/call", { name: "orders_export", arguments: { month: "2026-09" } }, false);
    expect(result?.content).toEqual([{ type: "text", text: "Exported 756 orders of 2026-09 to orders-2026-09.csv" }]);
  });

  it("answers an id it does not know, and a request without the extension, as the page says", async () => {
    expect((await send(handler, "tasks/get", { taskId: "nope" })).error).toEqual({
      code: -32602,
      message: 'No task "nope" is known to this caller',
    });
    const refused = await send(handler, "tasks/get", { taskId: "nope" }, false);
    expect(refused.error?.code).toBe(-32021);
    expect(refused.error?.message).toBe("tasks/get needs the io.modelcontextprotocol/tasks extension in the request's client capabilities");
    expect(page).toContain('`No task "<id>" is known to this caller`');
  });

  it("invalid arguments are answered at once, with no task", async () => {
    const { result } = await send(handler, "tools/call", { name: "orders_export", arguments: { month: "November" } });
    expect(result?.resultType).toBe("complete");
    expect(result?.isError).toBe(true);
  });
});

describe("the task key", () => {
  it("anything but the two words is refused when the tool is defined, in the page's words", () => {
    const { name, title, description, effect, input, execute } = exportOrders;
    const line = 'orders_export: task must be "optional" or "required", got "sometimes"';
    expect(() => defineTool({ name, title, description, effect, input, execute, task: "sometimes" as never })).toThrow(line);
    expect(page).toContain(`\`${line}\``);
  });
});

describe("a store that cannot be written", () => {
  it("answers a clear error, and the tool does not run", async () => {
    // A real fault: the file system refuses a folder under /dev/null.
    const storage = createStorage({ driver: fsDriver({ base: "/dev/null/tasks" }) });
    const broken = createMcpHttpHandler({ name: "shop", version: "1.0.0" }, [exportOrders], {
      allowedHosts: ["tools.example.com"],
      tasks: createTaskStore({ storage }),
    });
    try {
      const { error } = await send(broken, "tools/call", { name: "orders_export", arguments: { month: "2026-07" } });
      expect(error?.code).toBe(-32603);
      // Between the brackets is what the driver threw, whatever it says; the rest is the server's.
      expect(error?.message).toBe("The task store could not be reached; the tool did not run");
    } finally {
      await broken.close();
    }
  });
});

describe("the limits", () => {
  it("a caller over its bound of unfinished tasks is answered with a tool error, and no task", async () => {
    const bounded = createMcpHttpHandler({ name: "shop", version: "1.0.0" }, [exportOrders], {
      allowedHosts: ["tools.example.com"],
      tasks: createTaskStore({ maxTasksPerCaller: 1 }),
    });
    try {
      const first = await send(bounded, "tools/call", { name: "orders_export", arguments: { month: "2026-05" } });
      expect(first.result?.resultType).toBe("task");
      const second = await send(bounded, "tools/call", { name: "orders_export", arguments: { month: "2026-04" } });
      expect(second.result?.isError).toBe(true);
      expect(second.result?.content).toEqual([
        { type: "text", text: "You hold the most unfinished tasks allowed (1); cancel one or wait for one to finish" },
      ]);
      expect(page).toContain("`You hold the most unfinished tasks allowed (100); cancel one or wait for one to finish`");
      await send(bounded, "tasks/cancel", { taskId: first.result!.taskId });
    } finally {
      await bounded.close();
    }
  });
});

describe("who may see a task", () => {
  it("another caller's id is answered as an unknown one; the creator reads it", async () => {
    // Each token names its subject: a stand-in for an authorization server, the token checks are not what is tested here.
    const resource = new URL("https://tools.example.com/mcp");
    const guarded = createMcpHttpHandler({ name: "shop", version: "1.0.0" }, [exportOrders], {
      allowedHosts: ["tools.example.com"],
      auth: {
        resource,
        authorizationServers: ["https://auth.example.com/"],
        verifier: {
          verifyAccessToken: async (token: string) => ({
            token,
            clientId: "reports",
            scopes: ["tools:read"],
            expiresAt: 4_102_444_800,
            resource,
            extra: { claims: { sub: token, iss: "https://auth.example.com/" } },
          }),
        },
      },
    });
    try {
      const created = await send(guarded, "tools/call", { name: "orders_export", arguments: { month: "2026-03" } }, true, "ada");
      const taskId = created.result!.taskId;
      expect((await send(guarded, "tasks/get", { taskId }, true, "ada")).result?.taskId).toBe(taskId);
      expect((await send(guarded, "tasks/get", { taskId }, true, "bob")).error).toEqual({
        code: -32602,
        message: `No task "${taskId}" is known to this caller`,
      });
      expect((await send(guarded, "tasks/cancel", { taskId }, true, "bob")).error?.code).toBe(-32602);
      await send(guarded, "tasks/cancel", { taskId }, true, "ada");
    } finally {
      await guarded.close();
    }
  });
});

describe("the official Tasks client (ext-tasks)", () => {
  it("runs the export as a task, answers its question and settles with the result", async () => {
    const statuses: string[] = [];
    const result = await exportMonth(url, "2026-11", (line) => statuses.push(line), through(handler));
    expect(result.content).toEqual([{ type: "text", text: "Exported 756 orders of 2026-11 to orders-2026-11.csv" }]);
    expect(statuses[0]).toBe("working");
    expect(statuses).toContain("input_required");
    expect(statuses.at(-1)).toBe("completed: batch 3 (3/3)");
  });
});

describe.skipIf(lacks("redis-server"))("tasks in Redis", () => {
  let redis: StartedRedis;
  beforeAll(async () => {
    redis = await startRedis();
  }, 30_000);
  afterAll(() => redis?.stop());

  it("keeps the task under the prefix, another instance on the same Redis answers for it, and a restart keeps the result", async () => {
    const first = createHandler(redis.url);
    const second = createHandler(redis.url);
    const keys = new Redis(redis.url);
    try {
      const { result } = await send(first, "tools/call", { name: "orders_export", arguments: { month: "2026-08" } });
      expect(result).toMatchObject({ resultType: "task", ttlMs: 86_400_000, pollIntervalMs: 2000 });
      expect(await keys.keys(`shop:task:${result!.taskId}`)).toEqual([`shop:task:${result!.taskId}`]);
      // The question is read and answered through the second instance; the first, which runs the task, hears it.
      await until(second, result!.taskId, "input_required");
      await send(second, "tasks/update", {
        taskId: result!.taskId,
        inputResponses: { "ask-1": { action: "accept", content: { go: true } } },
      });
      const done = await until(second, result!.taskId, "completed");
      expect(done.result.content).toEqual([{ type: "text", text: "Exported 756 orders of 2026-08 to orders-2026-08.csv" }]);
      // A restart: both instances go, a new one on the same Redis still serves the finished result.
      await first.close();
      await second.close();
      const restarted = createHandler(redis.url);
      try {
        const kept = await until(restarted, result!.taskId, "completed");
        expect(kept.result.content).toEqual(done.result.content);
      } finally {
        await restarted.close();
      }
    } finally {
      keys.disconnect();
      await first.close();
      await second.close();
    }
  }, 30_000);

  it("a task whose instance dies ends failed once its lease lapses", async () => {
    // The instance is a real process, killed without a chance to write anything: it creates the task, says its id, and waits.
    const script = `
      import { defineTool } from "@agntn/tools";
import { createMcpHttpHandler, createTaskStore } from "@agntn/tools/mcp";
      import { createStorage } from "unstorage";
      import redisDriver from "unstorage/drivers/redis";
      import { exportOrders } from "./docs/examples/tasks-export.ts";
      const tasks = createTaskStore({ storage: createStorage({ driver: redisDriver({ url: process.argv[1] }) }), prefix: "shop", leaseMs: 1000 });
      const handler = createMcpHttpHandler({ name: "shop", version: "1.0.0" }, [exportOrders], { allowedHosts: ["tools.example.com"], tasks });
      const meta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1.0.0" },
        "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {} }, extensions: { "io.modelcontextprotocol/tasks": {} } } };
      const response = await handler.fetch(new Request("https://tools.example.com/mcp", { method: "POST", headers: { host: "tools.example.com",
        "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2026-07-28",
        "mcp-method": "tools/call", "mcp-name": "orders_export" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "orders_export", arguments: { month: "2026-06" }, _meta: meta } }) }));
      console.log((await response.json()).result.taskId);
    `;
    const child = spawn(`${root}node_modules/.bin/node`, ["--conditions=agntn-source", "--input-type=module", "-e", script, redis.url], {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
    });
    const taskId = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => resolve(chunk.toString().trim()));
      child.on("exit", (code) => reject(new Error(`the instance exited ${code} before it made a task`)));
    });
    const survivor = createHandler(redis.url);
    try {
      // Alive, the instance holds the task at its question.
      expect((await until(survivor, taskId, "input_required")).status).toBe("input_required");
      child.kill("SIGKILL");
      const failed = await until(survivor, taskId, "failed");
      expect(failed.error).toEqual({ code: -32603, message: "The server running this task stopped before it finished" });
    } finally {
      child.kill("SIGKILL");
      await survivor.close();
    }
  }, 30_000);
});
