/**
 * The parts of `bundle`, each on its own: the ZIP writer read back by another
 * reader (fflate, the one `@anthropic-ai/mcpb` uses), the dependency layout on
 * an npm tree with two versions of one package and on a pnpm tree of links,
 * the option lines of runCli's `bundle`, and the registry entry's lines.
 * test/cli-bundle.test.ts packs a real program end to end.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { runCli } from "@agntn/tools/cli";
import { unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { bundleFiles, MissingDependencies } from "../src/cli/bundle-files.ts";
import { zip } from "../src/cli/zip.ts";
import { registryEntry } from "../src/publish/registry.ts";
import { echoTool } from "./fixtures/cli-tools.ts";

const work = mkdtempSync(join(tmpdir(), "agntn-bundle-parts-"));

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

/** Writes `files` (path → text) under `dir`. */
function tree(dir: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

const manifest = (name: string, version: string, extra: Record<string, unknown> = {}) => JSON.stringify({ name, version, ...extra });

describe("zip", () => {
  it("writes an archive another reader opens: every name, every byte, the permissions", () => {
    const big = Buffer.from("a".repeat(10_000));
    const archive = zip([
      { path: "manifest.json", data: Buffer.from('{"name":"x"}\n'), mode: 0o644 },
      { path: "server/bin/run.js", data: Buffer.from("#!/usr/bin/env node\n"), mode: 0o755 },
      { path: "server/ünïcode/ファイル.txt", data: Buffer.from("名前"), mode: 0o644 },
      { path: "server/big.txt", data: big, mode: 0o644 },
      { path: "server/empty", data: Buffer.alloc(0), mode: 0o644 },
    ]);
    const read = unzipSync(new Uint8Array(archive));
    expect(Object.keys(read)).toEqual([
      "manifest.json",
      "server/bin/run.js",
      "server/ünïcode/ファイル.txt",
      "server/big.txt",
      "server/empty",
    ]);
    expect(Buffer.from(read["server/ünïcode/ファイル.txt"]!).toString()).toBe("名前");
    expect(Buffer.from(read["server/big.txt"]!).equals(big)).toBe(true);
    expect(read["server/empty"]!.length).toBe(0);
    // Deflated where it helps: ten thousand "a" take a few dozen bytes.
    expect(archive.length).toBeLessThan(700);
    // Each central record's external attributes carry the Unix mode (high 16 bits).
    const modes: number[] = [];
    for (let at = archive.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at !== -1; ) {
      modes.push(archive.readUInt32LE(at + 38) >>> 16);
      at = archive.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 46);
    }
    expect(modes.map((mode) => mode.toString(8))).toEqual(["100644", "100755", "100644", "100644", "100644"]);
  });

  it.each(["../up.txt", "/etc/passwd", "a/../../b", "a//b", "a\\b"])("refuses %j, a path that would unpack outside its folder", (path) => {
    expect(() => zip([{ path, data: Buffer.from("x"), mode: 0o644 }])).toThrow(`${JSON.stringify(path)} is not a path inside an archive`);
  });

  it("gives the same bytes for the same files", () => {
    const files = [{ path: "a.txt", data: Buffer.from("one"), mode: 0o644 }];
    expect(zip(files).equals(zip(files))).toBe(true);
  });
});

describe("the bundle's files", () => {
  it("on an npm tree: production dependencies only, a second version nested under the package that needs it", async () => {
    const root = join(work, "npm");
    tree(root, {
      "package.json": manifest("app", "1.0.0", {
        dependencies: { a: "1", b: "1" },
        optionalDependencies: { gone: "1" },
        devDependencies: { dev: "1" },
      }),
      "index.js": "",
      "lib/util.js": "",
      ".env": "SECRET=1",
      "old.mcpb": "",
      "node_modules/a/package.json": manifest("a", "1.0.0", { dependencies: { c: "^1" } }),
      "node_modules/a/index.js": "",
      "node_modules/b/package.json": manifest("b", "1.0.0", {
        dependencies: { c: "^2" },
        peerDependencies: { p: "1", q: "1" },
        peerDependenciesMeta: { q: { optional: true } },
      }),
      "node_modules/b/node_modules/c/package.json": manifest("c", "2.0.0"),
      "node_modules/c/package.json": manifest("c", "1.0.0"),
      "node_modules/p/package.json": manifest("p", "1.0.0"),
      "node_modules/q/package.json": manifest("q", "1.0.0"),
      "node_modules/dev/package.json": manifest("dev", "1.0.0"),
    });
    const files = await bundleFiles(root, { dependencies: { a: "1", b: "1" }, optionalDependencies: { gone: "1" } }, "index.js");
    expect(files.map((file) => file.path)).toEqual([
      "index.js",
      "lib/util.js",
      "node_modules/a/index.js",
      "node_modules/a/package.json",
      "node_modules/b/node_modules/c/package.json",
      "node_modules/b/package.json",
      "node_modules/c/package.json",
      // b's required peer comes along; its optional peer q, the missing optional "gone" and the dev dependency do not.
      "node_modules/p/package.json",
      "package.json",
    ]);
    expect(files.find((file) => file.path === "node_modules/b/node_modules/c/package.json")?.source).toBe(
      join(root, "node_modules/b/node_modules/c/package.json"),
    );
  });

  it("on a pnpm tree of links: each package read from where its link leads, laid out flat", async () => {
    const root = join(work, "pnpm");
    tree(root, {
      "package.json": manifest("app", "1.0.0", { dependencies: { e: "1" } }),
      "index.js": "",
      "node_modules/.pnpm/e@1.0.0/node_modules/e/package.json": manifest("e", "1.0.0", { dependencies: { f: "1" } }),
      "node_modules/.pnpm/f@1.0.0/node_modules/f/package.json": manifest("f", "1.0.0"),
    });
    symlinkSync(join(root, "node_modules/.pnpm/e@1.0.0/node_modules/e"), join(root, "node_modules/e"));
    symlinkSync(join(root, "node_modules/.pnpm/f@1.0.0/node_modules/f"), join(root, "node_modules/.pnpm/e@1.0.0/node_modules/f"));
    const files = await bundleFiles(root, { dependencies: { e: "1" } }, "index.js");
    expect(files.map((file) => file.path)).toEqual([
      "index.js",
      "node_modules/e/package.json",
      "node_modules/f/package.json",
      "package.json",
    ]);
  });

  it("names every dependency that is not installed, and a name that would climb out of node_modules", async () => {
    const root = join(work, "missing");
    tree(root, {
      "package.json": "{}",
      "index.js": "",
      "secret/package.json": manifest("secret", "1.0.0"),
      "node_modules/a/package.json": manifest("a", "1.0.0", { dependencies: { deep: "1", "../../secret": "1" } }),
    });
    const error = await bundleFiles(root, { dependencies: { a: "1", top: "1" } }, "index.js").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MissingDependencies);
    expect((error as MissingDependencies).lines).toEqual([
      "top, which the program needs, is not installed: run your package manager's install first",
      "deep, which a needs, is not installed: run your package manager's install first",
      '"../../secret", which a names as a dependency, is no package name',
    ]);
  });

  it("takes `files` as npm does (package.json, README, LICENSE and the program's own file too), without the bundle's folder", async () => {
    const root = join(work, "files");
    tree(root, {
      "package.json": "{}",
      "README.md": "",
      LICENSE: "",
      "bin/cli.js": "",
      "dist/index.js": "",
      "dist/chunks/a.js": "",
      "dist/.cache/x": "",
      "src/index.ts": "",
      "notes.md": "",
      "dist/release/server.json": "{}",
    });
    // A link back up the tree is followed once, and the folder the bundle is written to is left out.
    symlinkSync(join(root, "dist"), join(root, "dist/chunks/loop"));
    const files = await bundleFiles(root, { files: ["dist", "./bin/"] }, "bin/cli.js", (path) => path === "dist/release");
    expect(files.map((file) => file.path)).toEqual([
      "LICENSE",
      "README.md",
      "bin/cli.js",
      "dist/chunks/a.js",
      "dist/index.js",
      "package.json",
    ]);
  });
});

describe("runCli's bundle option", () => {
  const base = { name: "weather", version: "1.2.0", description: "Weather.", tools: [echoTool], mcp: true };

  it.each([
    [{ autor: "Ada" }, 'runCli: bundle: unknown option "autor"; the options are author, settings, platforms, summary, downloadUrl, icon'],
    [{ icon: "icon.svg" }, "runCli: bundle.icon must be the path of a .png file in the package"],
    [{ author: 7 }, 'runCli: bundle.author must be { name, email?, url? } or "Name <email> (url)"'],
    [{ platforms: ["macos"] }, "runCli: bundle.platforms must be a non-empty list of darwin, linux, win32"],
    [{ summary: "" }, "runCli: bundle.summary must be a non-empty string"],
    [{ settings: { "API-KEY": {} } }, 'runCli: bundle.settings: key "API-KEY" must be lowercase letters, digits and "_"'],
    [
      { settings: { key: { env: "KEY", title: "Key", description: "A key.", secret: "yes" } } },
      "runCli: bundle.settings.key.secret must be a boolean",
    ],
    [
      { settings: { key: { env: "api_key", title: "Key", description: "A key." } } },
      'runCli: bundle.settings.key.env must be an environment variable\'s name in capitals, such as "API_KEY"',
    ],
    [
      { settings: { key: { env: "KEY", title: "Key", description: "A key.", envv: "X" } } },
      'runCli: bundle.settings.key: unknown option "envv"; the options are env, title, description, type, required, secret, default',
    ],
    [
      { settings: { port: { env: "PORT", title: "Port", description: "A port.", type: "number", default: "80" } } },
      "runCli: bundle.settings.port.default must be a number",
    ],
    [
      {
        settings: {
          one: { env: "KEY", title: "One", description: "One." },
          two: { env: "KEY", title: "Two", description: "Two." },
        },
      },
      'runCli: bundle.settings: "one" and "two" both read KEY',
    ],
  ])("refuses %j in one line before anything runs", async (bundle, line) => {
    await expect(runCli({ ...base, bundle } as never, ["--help"])).rejects.toThrow(line);
  });

  it("needs the mcp command, which the bundle starts", async () => {
    await expect(runCli({ ...base, mcp: false, bundle: true }, ["--help"])).rejects.toThrow(
      "runCli: bundle needs mcp, since a bundle starts the program's mcp command",
    );
  });
});

describe("registryEntry", () => {
  it("says every problem the registry would refuse, one line each", () => {
    expect(() =>
      registryEntry(
        { name: "weather", version: "^1.0.0", description: "d".repeat(101), websiteUrl: "ftp://example.com", remote: { url: "x" } },
        "server.json",
      ),
    ).toThrow(
      [
        'server.json: name "weather" is not a registry name: reverse-DNS with one slash, such as "io.github.you/server"',
        "server.json: description has 101 characters; the registry takes at most 100",
        'server.json: version "^1.0.0" is a range; the registry takes one exact version',
        'server.json: websiteUrl must be an http or https URL, got "ftp://example.com"',
        'server.json: the remote\'s URL must be an http or https URL, got "x"',
      ].join("\n"),
    );
  });

  it("needs a way to reach the server", () => {
    expect(() => registryEntry({ name: "io.github.ada/weather", version: "1.0.0", description: "Weather." }, "server.json")).toThrow(
      "server.json: the entry names no way to reach the server: an npm package, a bundle's download URL or a remote URL",
    );
  });

  it("lists a downloadable bundle with its checksum beside the npm package", () => {
    const environment = [{ name: "KEY", description: "A key.", required: true, secret: true, format: "string" as const }];
    expect(
      registryEntry(
        {
          name: "io.github.ada/weather",
          version: "1.0.0",
          description: "Weather.",
          npm: { identifier: "weather-cli", version: "1.0.0", args: ["mcp"], environment },
          mcpb: { url: "https://example.com/weather-1.0.0.mcpb", sha256: "ab".repeat(32), environment },
        },
        "server.json",
      ).packages,
    ).toEqual([
      {
        registryType: "npm",
        registryBaseUrl: "https://registry.npmjs.org",
        identifier: "weather-cli",
        version: "1.0.0",
        runtimeHint: "npx",
        transport: { type: "stdio" },
        packageArguments: [{ type: "positional", value: "mcp" }],
        environmentVariables: [{ name: "KEY", description: "A key.", isRequired: true, isSecret: true }],
      },
      {
        registryType: "mcpb",
        identifier: "https://example.com/weather-1.0.0.mcpb",
        fileSha256: "ab".repeat(32),
        transport: { type: "stdio" },
        environmentVariables: [{ name: "KEY", description: "A key.", isRequired: true, isSecret: true }],
      },
    ]);
  });
});
