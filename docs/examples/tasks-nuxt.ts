// server/plugins/tasks-storage.ts: the route keeps its tasks in Redis, so every instance answers for every task.
import { defineNitroPlugin, useStorage } from "nitropack/runtime";
import redisDriver from "unstorage/drivers/redis";

export default defineNitroPlugin(() => {
  const url = process.env.NUXT_TASKS_REDIS_URL;
  // Without the variable the route keeps its tasks in memory: right for one instance, lost on a restart.
  if (url) useStorage().mount("agntn-tasks", redisDriver({ url, base: "my-app" }));
});
