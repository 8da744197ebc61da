/**
 * Every code block of the docs is checked. Each ```ts block of a page is the
 * exact text of a file under docs/examples/, those files are in the type
 * check `npm test` runs first (tsconfig.json, beside the site's own
 * TypeScript), and the runnable ones print what the page says they print.
 * The CLI session on the CLI page is run command by command.
 * The Defining Tools examples of content kinds, logging and sampling are
 * called through the core with the host context a host would give, and the
 * page's table of malformed blocks is checked against the core's own lines.
 * The pages follow the navigation of the specification, and the host table's
 * peer ranges are the ones package.json declares.
 */
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { defineTool, invokeTool, type LogEntry, type SampleParams } from "@agntn/tools";
import { callTool } from "@agntn/tools/mcp";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { barsTool } from "../docs/examples/define-image.ts";
import { csvTool } from "../docs/examples/define-log.ts";
import { titleTool } from "../docs/examples/define-sample.ts";

const run = promisify(execFile);
const root = fileURLToPath(new URL("..", import.meta.url));
const content = join(root, "docs/content");
const examples = join(root, "docs/examples");
const node = join(root, "node_modules/.bin/node");

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : entry.name.endsWith(".md") ? [join(dir, entry.name)] : [],
  );
}

interface Block {
  lang: string;
  label: string;
  code: string;
}

/** The fenced blocks of a page, in order. */
function blocksOf(markdown: string): Block[] {
  const blocks: Block[] = [];
  const fence = /^```(\w+)(?: \[([^\]]+)\])?\n([\s\S]*?)\n```$/gm;
  for (const match of markdown.matchAll(fence)) blocks.push({ lang: match[1]!, label: match[2] ?? "", code: match[3]! });
  return blocks;
}

const pages = walk(content).map((file) => ({ file: relative(content, file), markdown: readFileSync(file, "utf8") }));
const exampleFiles = readdirSync(examples).filter((name) => name.endsWith(".ts"));
const exampleText = new Map(exampleFiles.map((name) => [name, readFileSync(join(examples, name), "utf8").replace(/\n$/, "")]));

/** The example file whose text a block is, or undefined. */
function exampleOf(block: Block): string | undefined {
  return [...exampleText].find(([, text]) => text === block.code)?.[0];
}

async function runExample(name: string, args: string[] = []): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(node, ["--conditions=agntn-source", join("docs/examples", name), ...args], {
      cwd: root,
      timeout: 60_000,
    });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string; code: number };
    return { stdout: failed.stdout, stderr: failed.stderr, code: failed.code };
  }
}

describe("code blocks", () => {
  it.each(pages.map((page) => [page.file, page]))("every ts block of %s is a file of docs/examples", (_file, page) => {
    for (const block of blocksOf(page.markdown).filter((entry) => entry.lang === "ts")) {
      expect(exampleOf(block), `block [${block.label}] of ${page.file}`).toBeDefined();
    }
  });

  it("every nginx block is a config file of docs/examples/deploy, the files the nginx tests run", () => {
    const shown = pages.flatMap((page) => blocksOf(page.markdown).filter((block) => block.lang === "nginx"));
    expect(shown.map((block) => block.label).sort()).toEqual(readdirSync(join(examples, "deploy")).sort());
    for (const block of shown) expect(block.code).toBe(readFileSync(join(examples, "deploy", block.label), "utf8").replace(/\n$/, ""));
  });

  it("every example file is shown on a page (tools.ts is the shared list they import)", () => {
    const shown = new Set(pages.flatMap((page) => blocksOf(page.markdown).map((block) => exampleOf(block))));
    expect(exampleFiles.filter((name) => name !== "tools.ts" && !shown.has(name))).toEqual([]);
  });

  /**
   * The type check is `npm run check`'s, which `npm test` runs before vitest: the examples, the host-facts programs and
   * the playground's TypeScript are in tsconfig.json's files. They once had a `tsc` run of their own here, with the same
   * options, and it type-checked every source file they import a second time (34 CPU-s a run).
   */
  it("docs/examples and the site's own TypeScript are in the type check npm test runs", () => {
    const config = ts.readConfigFile(join(root, "tsconfig.json"), (file) => ts.sys.readFile(file));
    expect(config.error).toBeUndefined();
    const checked = new Set(ts.parseJsonConfigFileContent(config.config, ts.sys, root).fileNames.map((file) => relative(root, file)));
    const under = (dir: string) => readdirSync(join(root, dir), { recursive: true, encoding: "utf8" }).map((file) => join(dir, file));
    const site = [
      ...under("docs/examples"),
      ...under("docs/host-facts"),
      ...under("docs/app/playground"),
      "docs/server/docs-tools.ts",
    ].filter((file) => file.endsWith(".ts"));
    expect(site.length).toBeGreaterThan(40);
    expect(site.filter((file) => !checked.has(file))).toEqual([]);
    expect(config.config.compilerOptions).toMatchObject({ strict: true, noEmit: true, noUncheckedIndexedAccess: true });
  });

  /** A ts block followed directly by a text block: the text is what the example prints. */
  const printed = pages.flatMap((page) => {
    const blocks = blocksOf(page.markdown);
    return blocks.flatMap((block, i) => {
      const next = blocks[i + 1];
      const name = block.lang === "ts" ? exampleOf(block) : undefined;
      return name && next?.lang === "text" && page.markdown.includes(`${block.code}\n\`\`\`\n\n\`\`\`text\n${next.code}`)
        ? [[page.file, name, next.code] as const]
        : [];
    });
  });

  it("finds the examples whose output a page shows", () => {
    expect(printed.map(([, name]) => name).sort()).toEqual(["ai-run.ts", "start-try.ts", "validation.ts"]);
  });

  it.each(printed)("%s: %s prints what the page shows", async (_page, name, expected) => {
    const result = await runExample(name);
    expect(result.stderr).toBe("");
    expect(result.stdout.trimEnd()).toBe(expected);
  });

  it.each([
    ["mcp-answers.ts", "5 creme-brulee"],
    ["migrate-check.ts", "true"],
  ])("%s prints what its comment says", async (name, expected) => {
    expect(exampleText.get(name)).toContain(`// ${expected}`);
    const result = await runExample(name);
    expect(result.stdout.trimEnd()).toBe(expected);
  });
});

describe("the Defining Tools examples of content, logging and sampling", () => {
  const page = pages.find((entry) => entry.file === "1.guide/02.defining-tools.md")!.markdown;
  const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

  it("bars.ts answers a summary line and the SVG chart as an image block, on MCP as well", async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="36" height="40">' +
      '<rect x="0" y="30" width="10" height="10" fill="#1565c0"/>' +
      '<rect x="12" y="20" width="10" height="20" fill="#1565c0"/>' +
      '<rect x="24" y="0" width="10" height="40" fill="#1565c0"/></svg>';
    const content = [
      { type: "text", text: "3 bars, the highest 4" },
      { type: "image", data: b64(svg), mimeType: "image/svg+xml" },
    ];
    expect(await invokeTool(barsTool, { values: [1, 2, 4] })).toEqual({ content });
    expect(await callTool({ name: "charts" }, [barsTool], "chart_bars", { values: [1, 2, 4] })).toEqual({ content });
  });

  /** The rows of the page's table of malformed blocks: the block as written, and the line it gets. */
  const rows = [...page.matchAll(/^\| `(\{ type: .+? \})` +\| `(content\[1\].+?)` +\|$/gm)].map((match) => [match[1]!, match[2]!] as const);

  it("the page's table of malformed blocks has a row for each kind and for an unknown one", () => {
    expect(rows.map(([block]) => /type: "(\w+)"/.exec(block)![1])).toEqual([
      "image",
      "image",
      "audio",
      "resource_link",
      "resource",
      "video",
      "text",
    ]);
  });

  it.each(rows)("returned as content[1], %s fails the call with: %s", async (block, line) => {
    // The cell is a JavaScript object literal; evaluated here, it is exactly what a tool would return.
    const returned = new Function(`return (${block});`)() as never;
    const tool = defineTool({ ...barsTool, execute: () => ({ content: [{ type: "text", text: "ok" }, returned] }) });
    expect(await callTool({ name: "charts" }, [tool], "chart_bars", { values: [1] })).toEqual({
      content: [{ type: "text", text: `chart_bars returned a malformed result: ${line}` }],
      isError: true,
    });
  });

  it("a block with two problems gets the heading and one line each, as the page shows", async () => {
    const shown = /^```text\n(chart_bars returned a malformed result:\n[\s\S]*?)\n```$/m.exec(page)![1];
    const tool = defineTool({
      ...barsTool,
      execute: () => ({ content: [{ type: "text", text: "ok" }, { type: "image", data: "not base64!" } as never] }),
    });
    const answer = await callTool({ name: "charts" }, [tool], "chart_bars", { values: [1] });
    expect(answer).toEqual({ content: [{ type: "text", text: shown }], isError: true });
  });

  it("rows.ts logs a warning with data for each short row and a debug line, through the host's sink", async () => {
    const entries: LogEntry[] = [];
    const result = await invokeTool(csvTool, { csv: "a,b\n1,2\n3\n4,5\n" }, { log: (entry) => void entries.push(entry) });
    expect(result).toEqual({ content: [{ type: "text", text: "2 of 3 rows kept" }], details: { kept: 2, skipped: 1 } });
    expect(entries).toEqual([
      { level: "warning", message: "line 3 skipped: 1 field(s) where the header has 2", data: { line: 3, fields: 1 }, logger: "csv_rows" },
      { level: "debug", message: "read 3 rows", logger: "csv_rows" },
    ]);
    // No log channel: the same answer, nothing logged anywhere.
    expect(await invokeTool(csvTool, { csv: "a,b\n3\n" })).toEqual({
      content: [{ type: "text", text: "0 of 1 rows kept" }],
      details: { kept: 0, skipped: 1 },
    });
  });

  /** The page's text block that starts with `start`. */
  const shownLine = (start: string) => new RegExp(`^\`\`\`text\\n(${start}[^\\n]*)\\n\`\`\`$`, "m").exec(page)![1]!;

  it("a misspelt level throws, and the call fails with the line the page shows", async () => {
    const line = shownLine("csv_rows failed: ");
    const tool = defineTool({
      ...csvTool,
      execute(_input, { log }) {
        log?.("warn" as never, "x");
        return { content: [] };
      },
    });
    await expect(invokeTool(tool, { csv: "" }, { log: () => {} })).rejects.toThrow(new TypeError(line.replace("csv_rows failed: ", "")));
    expect(await callTool({ name: "rows" }, [tool], "csv_rows", { csv: "" }, { log: () => {} })).toEqual({
      content: [{ type: "text", text: line }],
      isError: true,
    });
  });

  it("title.ts asks the client's model with the request it builds and answers with the reply's text", async () => {
    const sent: SampleParams[] = [];
    const result = await invokeTool(
      titleTool,
      { note: "buy milk on monday" },
      {
        // What a host does: send the checked params, hand back the reply the request's own check accepts.
        sample: async (prepared) => {
          sent.push(prepared.params);
          return prepared.check({
            role: "assistant",
            content: { type: "text", text: "  Monday: Milk  " },
            model: "stub-model",
            stopReason: "endTurn",
          })!;
        },
      },
    );
    expect(sent).toEqual([
      {
        messages: [{ role: "user", content: { type: "text", text: "Give this note a title of at most six words:\n\nbuy milk on monday" } }],
        maxTokens: 30,
        systemPrompt: "Answer with the title alone.",
      },
    ]);
    expect(result).toEqual({ content: [{ type: "text", text: "Monday: Milk" }], details: { title: "Monday: Milk", model: "stub-model" } });
    // A host with no model to lend: the tool says so.
    expect(await invokeTool(titleTool, { note: "x" })).toEqual({
      content: [{ type: "text", text: "No model to ask here; give the note a title yourself." }],
      isError: true,
    });
  });

  it("a bad sampling request fails the call with the line the page shows, before any host sends it", async () => {
    const line = shownLine("notes_title failed: ");
    let asked = 0;
    const tool = defineTool({
      ...titleTool,
      async execute(_input, { sample }) {
        const reply = await sample!({ messages: [{ role: "user", content: { type: "text", text: "hi" } }], maxTokens: 0 });
        return { content: [{ type: "text", text: reply.text }] };
      },
    });
    const sample = async () => {
      asked++;
      throw new Error("never sent");
    };
    await expect(invokeTool(tool, { note: "x" }, { sample })).rejects.toThrow(new TypeError(line.replace("notes_title failed: ", "")));
    expect(await callTool({ name: "notes" }, [tool], "notes_title", { note: "x" }, { sample })).toEqual({
      content: [{ type: "text", text: line }],
      isError: true,
    });
    expect(asked).toBe(0);
  });
});

describe("the CLI page's session", () => {
  const page = pages.find((entry) => entry.file === "1.guide/04.cli.md")!;
  const session = blocksOf(page.markdown).find((block) => block.lang === "console")!;
  /** `$ slugs …` lines and the output under each. */
  const steps = session.code
    .split(/^\$ slugs /m)
    .filter(Boolean)
    .map((chunk) => {
      const [command, ...output] = chunk.split("\n");
      return [command!, output.join("\n").trimEnd()] as const;
    });

  it("has the steps it shows", () => {
    expect(steps.length).toBe(4);
  });

  it.each(steps)("slugs %s", async (command, output) => {
    const result = await runExample("cli.ts", command.split(" "));
    expect(`${result.stdout}${result.stderr}`.trimEnd()).toBe(output);
    expect(result.code).toBe(output.startsWith("Invalid") || output.startsWith("The text") ? 1 : 0);
  });
});

describe("pages and navigation", () => {
  const spec = JSON.parse(readFileSync(join(root, "test/fixtures/docs-navigation.json"), "utf8")) as {
    navigation: { title: string; path: string; stem: string; icon: string; children: { title: string; path: string; stem: string }[] }[];
    known_descriptions: Record<string, string>;
  };
  const front = (file: string, key: string) => new RegExp(`^${key}: (.*)$`, "m").exec(readFileSync(join(content, file), "utf8"))?.[1];

  it.each(spec.navigation.flatMap((group) => group.children.map((child) => [child.path, child] as const)))(
    "%s exists with its title",
    (_path, child) => {
      expect(front(`${child.stem}.md`, "title")).toBe(child.title);
    },
  );

  it.each(spec.navigation.map((group) => [group.title, group] as const))("the %s group has its title and icon", (_title, group) => {
    const folder = group.stem.split("/")[0]!;
    const yml = readFileSync(join(content, folder, ".navigation.yml"), "utf8");
    expect(yml).toBe(`title: ${group.title}\nicon: ${group.icon}\n`);
  });

  // The spec's descriptions say what each page is about; ours say it in our own words, as whole sentences.
  it.each(Object.entries(spec.known_descriptions))("%s describes its subject in a whole sentence of its own", (path, known) => {
    const child = spec.navigation.flatMap((group) => group.children).find((entry) => entry.path === path)!;
    const description = front(`${child.stem}.md`, "description") ?? "";
    const subject = known.split(" ")[0]!;
    expect({ starts: description.startsWith(subject), sentence: /^[^.]+[.]$/.test(description.replace(/\.\w/g, "")) }).toEqual({
      starts: true,
      sentence: true,
    });
    // No sentence of the spec's is copied: its clauses ("… . And throws …") are not the page's.
    for (const clause of known.split(". ")) expect(description).not.toContain(clause);
  });

  it("the Every host table gives each peer the range package.json declares", () => {
    const peers = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { peerDependencies: Record<string, string> })
      .peerDependencies;
    const table = readFileSync(join(content, "2.hosts/00.index.md"), "utf8");
    const named = [...table.matchAll(/`(@?[\w./-]+)` `([^`]+)`/g)].map((match) => [match[1]!, match[2]!] as const);
    expect([...new Set(named.map(([name]) => name))].sort()).toEqual(
      Object.keys(peers)
        .filter((name) => name !== "@nuxt/kit")
        .sort(),
    );
    for (const [name, range] of named) expect(range, name).toBe(peers[name]);
    // ai and h3 are no peers (a range made package managers refuse or warn inside Nuxt apps): the table says what they are instead.
    expect(table).toContain("`h3` 2 (types only, not a peer)");
    expect(table).toContain("`ai` 7 or later (checked at run time, not a peer)");
  });
});
