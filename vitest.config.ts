import { join } from "node:path";
import { defineConfig } from "vitest/config";
import { testCompileCacheDir } from "./test/fixtures/compile-cache.ts";
import { TYPEBOX_BUNDLE_ENV, withTypeBoxRedirect } from "./test/fixtures/typebox-bundle.ts";

/**
 * The test files in named groups (`vitest run --project <name>`; `npm test` runs them all). `quick` is the loop to
 * run while working: the core, every host in this process, the kit, the attacks on the handlers; no build, no
 * browser, no child process. The others are the slow end-to-end groups, each needing one kind of real part.
 */
const GROUPS = {
  quick: [
    "test/core/**/*.test.ts",
    "test/terminal/**/*.test.ts",
    "test/testing/{client,options}.test.ts",
    "test/{architecture,entry-names,hostile,auth-options,standard-schema,private-fields,client-quirks,build-once,compile-cache,typebox-bundle}.test.ts",
    "test/{ai,anthropic,google,langchain,mastra,openai-agents,toolkit,h3,pi,pi-content,pi-dialogs,omp-register}.test.ts",
    "test/{claude-agent-resources,catalog,catalog-middleware,cli-args,cli-width,cli-save,cli-bundle-parts}.test.ts",
    "test/mcp{,-content,-edges,-state,-resources,-sessions,-session-tools,-live-tools,-visibility,-external-questions,-task-polls,-discover}.test.ts",
  ],
  // The MCP extensions and flows that take seconds each: tasks to their end, resource updates, apps, lists at scale,
  // and the Claude Agent SDK's MCP server under its own client.
  mcp: ["test/mcp-{tasks,tasks-faces,resource-updates,apps}.test.ts", "test/{claude-agent,claude-agent-lists,tool-list-scale}.test.ts"],
  // A built Nuxt app on loopback (each fixture built once per run), with nginx, Redis or an authorization server where needed.
  nuxt: [
    "test/nuxt*.test.ts",
    "test/{auth,authorization-server,catalog-scope-attacks,faults,load,otel,request-path,scale-handlers,tasks-store,views-bundle}.test.ts",
  ],
  // Real hosts and clients in processes of their own: the CLI, OMP under bun, Claude Code, Gemini CLI, Codex CLI, the Inspector.
  hosts: [
    "test/{host-matrix,host-matrix-apps,middleware-matrix,cli,cli-bundle,cli-content,omp,omp-content,claude-code,gemini-cli,codex-cli}.test.ts",
    "test/{inspector-apps,startup,serve,sinclair-hosts,package,system-packages}.test.ts",
    "test/testing/{every-host,missing-package}.test.ts",
  ],
  // The docs site: its pages' examples run, and the site built and read in Chromium.
  docs: ["test/docs-*.test.ts", "test/readme.test.ts", "test/browser-finder.test.ts"],
  // A new user's install with npm, pnpm, yarn and bun, from a packed tarball.
  "new-user": ["test/new-user.test.ts"],
} as const;

const grouped = Object.values(GROUPS).flat();

/**
 * Groups whose files share their worker's loaded modules (vitest's `isolate: false`) instead of starting each file in
 * a fresh process. Their files put back what they change (environment variables, timers, PATH), so the only
 * difference is that the SDKs and the sources are loaded once per worker instead of once per file: `quick` went from
 * 48 s and 89 CPU-s to 18 s and 31 CPU-s, `mcp` from 24 to 17 CPU-s, and `docs` without its browser file from 94 to 79
 * CPU-s, every test passing in shuffled file orders. The other groups keep a fresh process per file: some choose their
 * fixtures by environment variables at import (test/middleware-matrix.test.ts), which a shared module cache would hand
 * on to the next file.
 */
const SHARED_MODULES: ReadonlySet<string> = new Set(["quick", "mcp", "docs"]);

// One id per test run, inherited by every worker: test files that need the same built app share one build.
process.env.AGNTN_TEST_RUN ??= `${Date.now()}-${process.pid}`;

// Node's compile cache for every process a test starts: the CLI bins (type-stripped TypeScript), the built servers, the
// package managers and the real hosts' CLIs each load the same files hundreds of times a run, and without the cache
// each compiles them again (test/cli.test.ts: 92 CPU-seconds without, 64 with). One folder per run, removed when the
// run ends (test/global-setup.ts), so nothing piles up in the temp dir; a folder set from outside is used as it is.
process.env.NODE_COMPILE_CACHE ??= testCompileCacheDir();

// TypeBox as one bundle for every Node of the run (test/fixtures/typebox-bundle.ts): made once, in the run's folder,
// by test/global-setup.ts; a process loads it through the hook `NODE_OPTIONS` imports (`test.env` below).
process.env[TYPEBOX_BUNDLE_ENV] ??= join(process.env.NODE_COMPILE_CACHE, "typebox-bundle");

export default defineConfig({
  // Tests import the package by its own name, as users do. The names resolve through package.json `exports`
  // under the `agntn-source` condition, to the sources, so no build is needed first. Vitest passes the same
  // condition to its workers (`--conditions`), so Node's own resolution there agrees.
  ssr: { resolve: { conditions: ["agntn-source"] } },
  test: {
    // The system packages some tests need, found or installed once, or named in a line while their tests skip.
    globalSetup: ["test/global-setup.ts"],
    // vitest's workers and every process they start load TypeBox from the run's bundle (see above).
    env: { NODE_OPTIONS: withTypeBoxRedirect(process.env.NODE_OPTIONS) },
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
    projects: [
      ...Object.entries(GROUPS).map(([name, include]) => ({
        extends: true as const,
        test: { name, include: [...include], ...(SHARED_MODULES.has(name) ? { isolate: false } : {}) },
      })),
      // Anything not in a group yet is still run, under its own name, so a new file is never left out.
      { extends: true as const, test: { name: "other", include: ["test/**/*.test.ts"], exclude: grouped } },
    ],
  },
});
