/**
 * HTTP pieces the route benchmarks share: one POST on a fresh connection,
 * the JSON-RPC message of its answer, and one autocannon run.
 */
import { execFileSync } from "node:child_process";
import { request } from "node:http";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");

export interface Reply {
  session: string | undefined;
  status: number;
  body: string;
}

/**
 * One POST on a fresh connection (no keep-alive): the server may close a
 * connection after an event-stream answer, and a reused socket would then fail.
 */
export function post(url: string, headers: Record<string, string>, body: string): Promise<Reply> {
  return new Promise((done, fail) => {
    const req = request(url, { method: "POST", headers, agent: false, timeout: 10_000 }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
      });
      res.on("end", () => {
        const session = res.headers["mcp-session-id"];
        done({ session: typeof session === "string" ? session : undefined, status: res.statusCode ?? 0, body: text });
      });
      res.on("error", fail);
    });
    req.on("timeout", () => req.destroy(new Error("request timed out")));
    req.on("error", fail);
    req.end(body);
  });
}

/** The JSON-RPC message of a response, whether it came as JSON or as one SSE event. */
export function messageOf(reply: Reply): { result?: { content?: { text?: string }[]; isError?: boolean } } {
  const body = reply.body;
  const data = body.startsWith("{")
    ? body
    : body
        .split("\n")
        .find((l) => l.startsWith("data: "))
        ?.slice(6);
  if (!data) throw new Error(`no JSON-RPC message in ${JSON.stringify(body.slice(0, 200))}`);
  return JSON.parse(data);
}

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  failed: number;
}

/** One autocannon run (its CLI, JSON output): the same POST over `connections` connections for `seconds`. */
export function autocannon(url: string, headers: Record<string, string>, body: string, seconds: number, connections: number): Load {
  const args = ["-j", "-c", String(connections), "-d", String(seconds), "-m", "POST", "-b", body];
  for (const [key, value] of Object.entries(headers)) args.push("-H", `${key}=${value}`);
  const out = execFileSync(join(ROOT, "node_modules/.bin/autocannon"), [...args, url], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
    timeout: (seconds + 30) * 1000,
  });
  const r = JSON.parse(out) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, failed: r.non2xx + r.errors + r.timeouts };
}
