/**
 * The built package, as a user installs it: every entry of package.json `exports` resolves from dist with its
 * declarations. The entries are that one list (test/fixtures/package-entries.ts reads it for every config).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, test } from "vitest";
import { RUNTIME_FILES } from "../src/nuxt/runtime-files.ts";
import tsdownConfig from "../tsdown.config.ts";
import { packageEntries, sourceAliases } from "./fixtures/package-entries.ts";

const root = new URL("..", import.meta.url);
const path = (relative: string) => fileURLToPath(new URL(relative, root));
const pkg = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as {
  exports: Record<string, string | { types: string; default: string; "agntn-source": string }>;
  engines: { node: string };
  sideEffects: boolean;
  type: string;
};
const faces = Object.entries(pkg.exports).filter(
  (entry): entry is [string, { types: string; default: string; "agntn-source": string }] => typeof entry[1] === "object",
);

describe("package.json", () => {
  test("is an ESM package without side effects for Node >= 22.19", () => {
    expect(pkg.type).toBe("module");
    expect(pkg.sideEffects).toBe(false);
    expect(pkg.engines.node).toBe(">=22.19.0");
  });

  test("names the sixteen faces, the views' build entry, the testing kit and the Nuxt runtime's internal entry, no more and no fewer", () => {
    expect(packageEntries.map((entry) => entry.specifier)).toEqual([
      "@agntn/tools",
      "@agntn/tools/mcp",
      "@agntn/tools/views",
      "@agntn/tools/h3",
      "@agntn/tools/toolkit",
      "@agntn/tools/pi",
      "@agntn/tools/omp",
      "@agntn/tools/ai",
      "@agntn/tools/cli",
      "@agntn/tools/nuxt",
      "@agntn/tools/otel",
      "@agntn/tools/internal/nuxt",
      "@agntn/tools/langchain",
      "@agntn/tools/openai-agents",
      "@agntn/tools/mastra",
      "@agntn/tools/anthropic",
      "@agntn/tools/claude-agent",
      "@agntn/tools/google",
      "@agntn/tools/testing",
    ]);
    expect(packageEntries.map((entry) => entry.subpath)).toEqual(faces.map(([subpath]) => subpath));
  });

  test.each(faces)("%s names its source under src/, its code and declarations under dist/", (_, target) => {
    // Conditions match in this order: the source only under its own condition, then TypeScript's, then everyone's.
    expect(Object.keys(target)).toEqual(["agntn-source", "types", "default"]);
    expect(target["agntn-source"]).toMatch(/^\.\/src\/.+\.ts$/);
    expect(existsSync(new URL(target["agntn-source"], root))).toBe(true);
    expect(target.default).toMatch(/^\.\/dist\/.+\.js$/);
    expect(target.types).toMatch(/^\.\/dist\/.+\.d\.ts$/);
    expect(target.types.slice(0, -".d.ts".length)).toBe(target.default.slice(0, -".js".length));
  });
});

test("tsdown builds the exports' entries, the Nuxt module's runtime files and the kit's OMP program, nothing else", () => {
  expect(tsdownConfig.entry).toEqual({
    ...Object.fromEntries(faces.map(([, target]) => [target.default.slice("./dist/".length, -".js".length), path(target["agntn-source"])])),
    ...Object.fromEntries(RUNTIME_FILES.map((name) => [`runtime/${name}`, path(`src/nuxt/runtime/${name}.ts`)])),
    "testing/omp-session": path("src/testing/hosts/omp-session.ts"),
  });
  for (const name of RUNTIME_FILES) expect(existsSync(path(`src/nuxt/runtime/${name}.ts`))).toBe(true);
});

test("the source aliases map every name to its source, each subpath before the bare name", () => {
  expect(sourceAliases).toEqual(
    Object.fromEntries(
      faces.map(([subpath, target]) => [
        subpath === "." ? "@agntn/tools" : `@agntn/tools/${subpath.slice(2)}`,
        path(target["agntn-source"]),
      ]),
    ),
  );
  // Aliases match by prefix: a name listed after one that starts it would never be reached.
  const names = Object.keys(sourceAliases);
  for (const [i, name] of names.entries()) for (const earlier of names.slice(0, i)) expect(name.startsWith(earlier)).toBe(false);
});

describe.each(packageEntries)("the built face $specifier", ({ specifier, js, types }) => {
  test("has its code and declarations in dist", () => {
    expect(existsSync(js)).toBe(true);
    expect(existsSync(types)).toBe(true);
  });

  test("imports by name from dist in a fresh Node process", () => {
    const out = execFileSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `const m = await import(${JSON.stringify(specifier)}); console.log(import.meta.resolve(${JSON.stringify(specifier)})); console.log(Object.keys(m).sort().join(","));`,
      ],
      { cwd: root, encoding: "utf8" },
    );
    const [resolved, names] = out.trim().split("\n");
    expect(resolved).toBe(pathToFileURL(js).href);
    expect(names?.length).toBeGreaterThan(0);
  });
});

test("the built core and MCP host answer like the sources", () => {
  const script = `
    import { defineTool, Type } from "@agntn/tools";
    import { callTool } from "@agntn/tools/mcp";
    const tool = defineTool({ name: "echo", title: "Echo", description: "Echoes.", effect: "read",
      input: Type.Object({ say: Type.String() }, { additionalProperties: false }),
      execute: ({ say }) => ({ content: [{ type: "text", text: say }] }) });
    console.log(JSON.stringify(await callTool({ name: "built" }, [tool], "echo", { say: "hi", sya: 1 })));`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, encoding: "utf8" });
  expect(JSON.parse(out)).toEqual({
    content: [{ type: "text", text: 'Invalid arguments: unknown property "sya"; takes say' }],
    isError: true,
  });
});

test("the built testing kit runs the hosts in processes of their own from dist: the command line and OMP under bun", () => {
  // No conditions: every import of the package, in this process and in the kit's children, resolves to dist.
  const script = `
    import { assertSameAnswers, callOnHosts } from "@agntn/tools/testing";
    const table = await callOnHosts({
      tools: (await import(process.argv[1])).tools,
      module: process.argv[1],
      calls: { known: { tool: "lookup_city", args: { city: "Lyon" } } },
      hosts: ["mcp", "cli", "omp"],
    });
    assertSameAnswers(table, { requireAll: true });
    console.log(JSON.stringify(table.rows.map((row) => [row.host, row.answers?.known?.text])));`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script, path("test/fixtures/kit-sample-tools.ts")], {
    cwd: fileURLToPath(root),
    encoding: "utf8",
    env: { ...process.env, PATH: `${path("node_modules/.bin")}:${process.env.PATH ?? ""}` },
  });
  const answer = "Lyon is 465 km from Paris";
  expect(JSON.parse(out)).toEqual([
    ["mcp", answer],
    ["cli", answer],
    ["omp", answer],
  ]);
}, 120_000);
