import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Servers, child processes and a browser share two cores: keep the pool small.
    maxWorkers: 2,
  },
});
