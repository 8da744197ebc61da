/**
 * `createMcpHttpHandler` and `registerMcpRoute` on many instances: three processes of
 * each (one shared state key) behind a real nginx with round robin, plus one
 * process with another key, through the shared many-instance suite.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe } from "vitest";
import { tools as demoTools } from "../playground/server/tools.ts";
import { contentTools } from "./fixtures/content-tools.ts";
import { type Balancer, startBalancer } from "./fixtures/nginx.ts";
import { root } from "./fixtures/nuxt-server.ts";
import { lacks } from "./helpers/lacks.ts";
import { modernScaleSuite } from "./helpers/many-instances.ts";

const KEY = "a-shared-request-state-key-for-handler-instances";
const info = { name: "agntn-instance", version: "1.0.0" };

interface Instance {
  url: URL;
  child: ChildProcess;
}

/** Starts one instance process and waits (at most 20 s) for the URL it prints. */
function startInstance(face: "handler" | "h3", key: string): Promise<Instance> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--conditions=agntn-source", join(root, "test/fixtures/handler-instance.ts"), face], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, AGNTN_STATE_KEY: key },
    });
    let output = "";
    const timer = setTimeout(() => reject(new Error(`instance did not start: ${output}`)), 20_000);
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.stdout.on("data", (chunk) => {
      output += chunk;
      const match = /^(http:\/\/\S+)$/m.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ url: new URL(match[1] as string), child });
      }
    });
    child.on("exit", (code) => reject(new Error(`instance exited ${code}: ${output}`)));
  });
}

for (const face of ["handler", "h3"] as const) {
  const label = face === "handler" ? "createMcpHttpHandler" : "registerMcpRoute (h3)";
  describe.skipIf(lacks("nginx"))(`${label} behind nginx`, () => {
    let instances: Instance[] = [];
    let stranger: Instance;
    let balancer: Balancer;

    beforeAll(async () => {
      [stranger, ...instances] = await Promise.all([
        startInstance(face, "another-key-held-by-one-instance-only-00000004"),
        startInstance(face, KEY),
        startInstance(face, KEY),
        startInstance(face, KEY),
      ]);
      balancer = await startBalancer(
        instances.map((instance) => new URL(instance.url.origin)),
        "round-robin",
      );
    }, 60_000);

    afterAll(async () => {
      await balancer?.stop();
      for (const instance of [...instances, stranger]) instance?.child.kill("SIGTERM");
    });

    modernScaleSuite(
      label,
      () => ({
        balancer: new URL("/mcp", balancer.url),
        instances: instances.map((instance) => instance.url),
        stranger: stranger.url,
        key: KEY,
        info,
        tools: [...demoTools, ...contentTools],
      }),
      1000,
      { sampling: true },
    );
  });
}
