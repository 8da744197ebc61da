// server.ts: tasks kept in Redis, so every instance behind the balancer answers tasks/get for any task.
import { createMcpHttpHandler, createTaskStore } from "@agntn/tools/mcp";
import { createStorage } from "unstorage";
import redisDriver from "unstorage/drivers/redis";
import { exportOrders } from "./tasks-export.ts";

export function createHandler(url = process.env.REDIS_URL ?? "redis://127.0.0.1:6379") {
  const tasks = createTaskStore({
    storage: createStorage({ driver: redisDriver({ url }) }),
    // Several apps may share one Redis: each keeps its keys under its own prefix.
    prefix: "shop",
    // A finished task's result is kept for a day; clients poll every two seconds.
    ttlMs: 24 * 60 * 60 * 1000,
    pollIntervalMs: 2000,
  });
  return createMcpHttpHandler({ name: "shop", version: "1.0.0" }, [exportOrders], {
    allowedHosts: ["tools.example.com"],
    tasks,
  });
}
