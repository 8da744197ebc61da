import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// One id per test run, inherited by every worker: test files that need the same built app share one build.
process.env.AGNTN_TEST_RUN ??= `${Date.now()}-${process.pid}`;

const src = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url));

export default defineConfig({
  resolve: {
    // Tests import the package by its own name, as users do; the names resolve to the sources so no build is needed first.
    alias: [
      { find: /^@agntn\/tools$/, replacement: src("index.ts") },
      { find: /^@agntn\/tools\/nuxt$/, replacement: src("nuxt/module.ts") },
      { find: /^@agntn\/tools\/(mcp|h3|toolkit|pi|omp|ai|cli)$/, replacement: src("$1/index.ts") },
    ],
  },
  test: {
    include: ["test/**/*.test.ts"],
    // The JSON report is what .ci/run counts from.
    reporters: ["default", "json"],
    outputFile: { json: "test-results/vitest.json" },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Servers, child processes and a browser share two cores: keep the pool small.
    maxWorkers: 2,
  },
});
