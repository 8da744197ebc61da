import { defineConfig } from "vitest/config";

// One id per test run, inherited by every worker: test files that need the same built app share one build.
process.env.AGNTN_TEST_RUN ??= `${Date.now()}-${process.pid}`;

export default defineConfig({
  // Tests import the package by its own name, as users do. The names resolve through package.json `exports`
  // under the `agntn-source` condition, to the sources, so no build is needed first. Vitest passes the same
  // condition to its workers (`--conditions`), so Node's own resolution there agrees.
  ssr: { resolve: { conditions: ["agntn-source"] } },
  test: {
    include: ["test/**/*.test.ts"],
    // The system packages some tests need, found or installed once, or named in a line while their tests skip.
    globalSetup: ["test/global-setup.ts"],
    // The JSON report is what .ci/run counts from.
    reporters: ["default", "json"],
    outputFile: { json: "test-results/vitest.json" },
    testTimeout: 30_000,
    // `expect.poll` waits for a page or server to reach a state. Its 1 s default is shorter than one render of a
    // docs page while other files load both cores (CI once failed a panel that was drawn later); a poll that never
    // succeeds still fails, after 10 s.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
    // Servers, child processes and a browser share two cores: keep the pool small.
    maxWorkers: 2,
  },
});
