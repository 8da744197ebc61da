/**
 * What each folder of src/ may import: one table, read from the real import
 * statements (parsed by TypeScript, so comments and strings never count).
 * The folders are cut by what they depend on:
 * - core: the tool model, checks and the call path; TypeBox only, runs in a browser;
 * - protocol: MCP shapes and flows that need no SDK, shared by the SDK v2 host and the toolkit (SDK v1);
 * - terminal: what the terminal hosts share: text width (CLI, OMP) and question dialogs (Pi, OMP);
 * - one folder per host, importing its host's package and the shared folders it needs, never another host.
 * The Nuxt runtime is bundled by Nitro inside the user's app, so it reaches the library by its package names only.
 */
import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const src = fileURLToPath(new URL("../src/", import.meta.url));

interface Rule {
  /** Folders of src/ whose files it may import by relative path. */
  folders: string[];
  /** Packages it may import (exact names, or a prefix ending in `/` or `*`). */
  packages: string[];
  /** Packages it may import only with `import type` (erased: never loaded at run time). */
  typesFrom?: string[];
}

const TYPEBOX = ["typebox", "typebox/compile", "typebox/value", "typebox/type"];

/** The table. A folder not listed here fails the test: a new folder needs a rule. */
const RULES: Record<string, Rule> = {
  ".": { folders: ["core"], packages: ["typebox/type"], typesFrom: ["typebox"] },
  core: { folders: [], packages: TYPEBOX.filter((name) => name !== "typebox"), typesFrom: ["typebox"] },
  protocol: { folders: ["core"], packages: [] },
  terminal: { folders: ["core"], packages: [] },
  // MCP Apps' names come from its server entry, a file of constants the build inlines; its types from the package.
  mcp: {
    folders: ["core", "protocol", "mcp/tasks"],
    packages: ["@modelcontextprotocol/server", "@modelcontextprotocol/ext-apps/server", "jose"],
    typesFrom: ["@modelcontextprotocol/ext-apps"],
  },
  // Tasks (the io.modelcontextprotocol/tasks extension) keep their records in any unstorage storage the app passes, and
  // in a Map of their own by default: unstorage itself is never imported, so it is no dependency of the package.
  "mcp/tasks": { folders: ["core", "protocol"], packages: ["@modelcontextprotocol/server"] },
  h3: { folders: ["core", "mcp"], packages: [], typesFrom: ["h3"] },
  toolkit: { folders: ["core", "protocol"], packages: ["zod"] },
  pi: { folders: ["core", "terminal"], packages: [], typesFrom: ["@earendil-works/pi-coding-agent", "@earendil-works/pi-tui"] },
  omp: { folders: ["core", "terminal"], packages: [] },
  ai: { folders: ["core"], packages: ["ai"] },
  langchain: { folders: ["core"], packages: ["@langchain/core/messages", "@langchain/core/tools"] },
  "openai-agents": { folders: ["core"], packages: ["@openai/agents"] },
  // Mastra serves a tool again over MCP from its own server: it gets MCP's hints as the MCP host lists them.
  mastra: { folders: ["core", "protocol"], packages: ["@mastra/core/tools"] },
  anthropic: {
    folders: ["core"],
    packages: ["@anthropic-ai/sdk/helpers/beta/json-schema", "@anthropic-ai/sdk/lib/tools/ToolError"],
    typesFrom: ["@anthropic-ai/sdk/lib/tools/BetaRunnableTool"],
  },
  // The Claude Agent SDK connects any MCP SDK v1 server in process: its own package gives types only.
  "claude-agent": {
    folders: ["core", "protocol"],
    packages: ["@modelcontextprotocol/sdk/server/mcp.js", "@modelcontextprotocol/sdk/types.js"],
    typesFrom: ["@anthropic-ai/claude-agent-sdk"],
  },
  google: { folders: ["core"], packages: [], typesFrom: ["@google/genai"] },
  otel: { folders: ["core"], packages: ["@opentelemetry/api"] },
  // Views bundled into one document (Vite, loaded from the app's place at run time: no static import of it).
  views: {
    folders: ["core"],
    packages: ["exsolve", "node:crypto", "node:fs", "node:fs/promises", "node:module", "node:os", "node:path", "node:url"],
  },
  // The testing kit drives each host through the package's public entries, as a user's test would: never by relative
  // path into a host's folder. Each host's packages are loaded only when a test asks for that host (hosts.ts).
  testing: {
    folders: ["core", "testing/hosts"],
    packages: ["@agntn/tools", "@agntn/tools/mcp", "@modelcontextprotocol/client", "@modelcontextprotocol/server"],
  },
  // The command-line host makes a call's words by runCli's own rules (src/cli/commands.ts), so they cannot drift apart.
  "testing/hosts": {
    folders: ["testing", "cli"],
    packages: [
      "@agntn/tools",
      "@agntn/tools/*",
      "node:*",
      "@modelcontextprotocol/client",
      "@modelcontextprotocol/server",
      "h3",
      "ai",
      "ai/test",
      "langchain",
      "@langchain/core/*",
      "@openai/agents",
      "@mastra/core/*",
      "@anthropic-ai/sdk",
      "@anthropic-ai/claude-agent-sdk",
      "@google/genai",
      "@earendil-works/*",
      "@oh-my-pi/*",
    ],
    typesFrom: ["@anthropic-ai/sdk/*"],
  },
  // The `bundle` command packs the program (files, its dependencies, a ZIP) with Node's own modules only.
  cli: {
    folders: ["core", "terminal", "mcp", "views", "publish"],
    packages: ["node:process", "node:fs/promises", "node:path", "node:crypto", "node:zlib", "@modelcontextprotocol/server/stdio"],
  },
  // What a release publishes (an MCP Bundle's manifest, the registry's server.json): shapes and checks, no I/O.
  publish: { folders: ["core"], packages: [] },
  nuxt: {
    folders: ["core", "protocol", "nuxt", "views", "publish"],
    packages: ["@nuxt/kit", "node:fs", "node:module", "node:path", "node:url"],
  },
  "nuxt/runtime": {
    folders: ["nuxt/runtime"],
    packages: [
      "@agntn/tools",
      "@agntn/tools/mcp",
      "@agntn/tools/internal/nuxt",
      "#agntn-tools/*",
      "#nuxt-mcp-toolkit/*",
      "@nuxtjs/mcp-toolkit/server",
      "@modelcontextprotocol/server",
      "nitropack/runtime",
      "h3",
      "zod",
    ],
  },
};

interface Import {
  specifier: string;
  typeOnly: boolean;
}

/** Every module a source names: imports, re-exports, dynamic `import()`, and whether each is type-only. */
function importsOf(fileName: string, source: string): Import[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: Import[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      // Only `import type` is erased: `import { type A } from "x"` still loads "x" (verbatimModuleSyntax, Node's type stripping).
      const typeOnly = ts.isImportDeclaration(node) ? node.importClause?.isTypeOnly === true : node.isTypeOnly;
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.push({ specifier: argument.text, typeOnly: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The folder a file belongs to in the table: its directory under src/ (`.` for the root entry). */
function folderOf(file: string): string {
  const dir = relative(src, dirname(file)).split("\\").join("/");
  return dir === "" ? "." : dir;
}

function allowed(specifier: string, list: readonly string[]): boolean {
  return list.some((rule) => (rule.endsWith("*") ? specifier.startsWith(rule.slice(0, -1)) : specifier === rule));
}

/** Every import that breaks the table, as `file: specifier (why)`. */
function violations(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(src)) {
    const folder = folderOf(file);
    const rule = RULES[folder];
    const name = relative(src, file);
    if (!rule) {
      found.push(`${name}: folder ${folder} has no rule`);
      continue;
    }
    for (const { specifier, typeOnly } of importsOf(file, readFileSync(file, "utf8"))) {
      if (specifier.startsWith(".")) {
        const target = folderOf(join(dirname(file), specifier));
        if (target !== folder && !rule.folders.includes(target)) found.push(`${name}: ${specifier} (folder ${target})`);
      } else if (!allowed(specifier, rule.packages) && !(typeOnly && allowed(specifier, rule.typesFrom ?? []))) {
        found.push(`${name}: ${specifier}${typeOnly ? " (types)" : ""}`);
      }
    }
  }
  return found;
}

const NODE_BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

describe("src/ imports only what its folder's rule allows", () => {
  it("has no import outside the table", () => {
    expect(violations()).toEqual([]);
  });

  it("keeps Node out of every folder that must run in a browser or a worker", () => {
    for (const folder of ["core", "protocol", "terminal", "."]) {
      const rule = RULES[folder] as Rule;
      expect({
        folder,
        node: rule.packages.filter((name) => NODE_BUILTINS.has(name.split("/")[0] as string) || name.startsWith("node:")),
      }).toEqual({
        folder,
        node: [],
      });
    }
  });

  it("lets no host folder import another host", () => {
    const hosts = [
      "mcp",
      "h3",
      "toolkit",
      "pi",
      "omp",
      "ai",
      "cli",
      "nuxt",
      "langchain",
      "openai-agents",
      "mastra",
      "anthropic",
      "claude-agent",
      "google",
    ];
    // The two deliberate edges: h3 is built on the SDK v2 HTTP handler, and the CLI's `mcp` command serves over stdio with it.
    const edges = hosts.flatMap((host) =>
      (RULES[host] as Rule).folders.filter((f) => f !== host && hosts.includes(f)).map((f) => `${host} → ${f}`),
    );
    expect(edges).toEqual(["h3 → mcp", "cli → mcp"]);
  });

  it("uses no Node-only global in the browser folders", () => {
    const files = sourceFiles(src).filter((file) => ["core", "protocol", "terminal", "."].includes(folderOf(file)));
    const offending = files.flatMap((file) => {
      const code = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
      const globals = code.match(/\b(?:process|Buffer|__dirname|__filename|require|global|setImmediate)\b/g);
      return globals ? [`${relative(src, file)}: ${[...new Set(globals)].join(", ")}`] : [];
    });
    expect(offending).toEqual([]);
  });
});

describe("the import reader", () => {
  it.each([
    ['import { readFile } from "node:fs";', [{ specifier: "node:fs", typeOnly: false }]],
    ["import fs from 'fs';", [{ specifier: "fs", typeOnly: false }]],
    ['import type { X } from "node:stream";', [{ specifier: "node:stream", typeOnly: true }]],
    ['import { type X, type Y } from "h3";', [{ specifier: "h3", typeOnly: false }]],
    ['import { type X, y } from "h3";', [{ specifier: "h3", typeOnly: false }]],
    ['export * from "node:path";', [{ specifier: "node:path", typeOnly: false }]],
    ['export type { A } from "./a.ts";', [{ specifier: "./a.ts", typeOnly: true }]],
    ['import "node:process";', [{ specifier: "node:process", typeOnly: false }]],
    ['const m = await import("node:crypto");', [{ specifier: "node:crypto", typeOnly: false }]],
    ['type T = import("ai").Tool;', [{ specifier: "ai", typeOnly: true }]],
    ['// import x from "fs";\nconst s = "from \\"node:fs\\"";', []],
  ])("%s", (source, expected) => {
    expect(importsOf("probe.ts", source)).toEqual(expected);
  });

  it("reads every folder of src/ and finds the rule of each", () => {
    expect([...new Set(sourceFiles(src).map(folderOf))].sort()).toEqual(Object.keys(RULES).sort());
  });
});
