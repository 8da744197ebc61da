/** The built package, as a user installs it: every face that exists resolves from dist with its declarations. */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";

const root = new URL("..", import.meta.url);
const pkg = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as {
  exports: Record<string, string | { types: string; default: string; "agntn-source": string }>;
  engines: { node: string };
  sideEffects: boolean;
  type: string;
};
const faces = Object.entries(pkg.exports).filter(
  (entry): entry is [string, { types: string; default: string; "agntn-source": string }] => typeof entry[1] === "object",
);
const built = faces.filter(([, target]) => existsSync(new URL(target["agntn-source"], root)));

describe("package.json", () => {
  test("is an ESM package without side effects for Node >= 22.19", () => {
    expect(pkg.type).toBe("module");
    expect(pkg.sideEffects).toBe(false);
    expect(pkg.engines.node).toBe(">=22.19.0");
  });

  test("names one entry per face, each with types", () => {
    expect(faces.map(([name]) => name)).toEqual([".", "./mcp", "./h3", "./toolkit", "./pi", "./omp", "./ai", "./cli", "./nuxt"]);
    for (const [, target] of faces) expect(target.types).toMatch(/^\.\/dist\/.+\.d\.ts$/);
  });
});

describe.each(built)("the built face %s", (face, target) => {
  test("has its code and declarations in dist", () => {
    expect(existsSync(new URL(target.default, root))).toBe(true);
    expect(existsSync(new URL(target.types, root))).toBe(true);
  });

  test("imports by name from dist in a fresh Node process", () => {
    const specifier = face === "." ? "@agntn/tools" : `@agntn/tools/${face.slice(2)}`;
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
    expect(resolved).toBe(new URL(target.default, root).href);
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
