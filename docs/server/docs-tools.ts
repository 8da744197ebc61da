/**
 * The docs pages as tools, written once with defineTool: list the pages,
 * read one as markdown. The site's /mcp route serves them (through the
 * project's Nuxt module) beside `text_slug`; test/docs-site-tools.test.ts
 * runs them over an SDK client without a build.
 *
 * Pages come in as source files (`1.guide/02.defining-tools.md`, …); the
 * path of each is the one the site serves, numbered prefixes dropped as
 * Nuxt Content drops them.
 */
import { defineTool, quote, Type } from "@agntn/tools";
import { CLIENT_FACTS } from "../app/data/client-facts.ts";

export interface SourcePage {
  /** The file under docs/content, e.g. `2.hosts/01.mcp.md`. */
  file: string;
  source: string;
}

export interface DocsPage {
  path: string;
  title: string;
  description: string;
  /** The page as markdown: a title line, the description, the body. */
  markdown: string;
}

/** `2.hosts/01.mcp.md` → `/hosts/mcp`; an `index` file names its folder. */
export function pagePath(file: string): string {
  const parts = file
    .replace(/\.md$/, "")
    .split("/")
    .map((part) => part.replace(/^\d+\./, ""));
  if (parts.at(-1) === "index") parts.pop();
  return `/${parts.join("/")}`;
}

/** The `title:` and `description:` lines of the front matter, and the body after it. */
export function splitFrontMatter(source: string): { fields: Map<string, string>; body: string } {
  const fields = new Map<string, string>();
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(source);
  if (!match) return { fields, body: source };
  for (const line of match[1]!.split("\n")) {
    const field = /^([a-zA-Z]+):\s*(.*)$/.exec(line);
    if (field) fields.set(field[1]!, field[2]!.replace(/^(["'])(.*)\1$/, "$2"));
  }
  return { fields, body: source.slice(match[0].length) };
}

/** A host-facts panel as markdown, for readers who cannot run the component. */
export type PanelText = (name: string) => string | undefined;

/**
 * Markdown for a model: components the site draws in the browser become
 * text (a panel becomes its rows; the playground a pointer to the page).
 */
export function toMarkdown(body: string, panelText: PanelText, clientTable = ""): string {
  return body
    .replace(/^::host-facts\{name="(\w+)"\}\n::\n?/gm, (_all, name: string) => `${panelText(name) ?? ""}\n`)
    .replace(/^::client-table\n::\n?/gm, `${clientTable}\n`)
    .replace(/^::\w+-playground(\{[^}]*\})?\n::\n?/gm, "(The interactive playground runs on the web page; try text_slug here instead.)\n")
    .trim();
}

export function readPages(sources: readonly SourcePage[], panelText: PanelText, clientTable = ""): DocsPage[] {
  return sources
    .map(({ file, source }) => {
      const { fields, body } = splitFrontMatter(source);
      const title = fields.get("title") ?? pagePath(file);
      const description = fields.get("description") ?? "";
      const markdown = [`# ${title}`, description, toMarkdown(body, panelText, clientTable)].filter(Boolean).join("\n\n");
      return { path: pagePath(file), title, description, markdown: `${markdown}\n` };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** The two page tools over a page list loaded once, on first use. */
export function docsTools(load: () => Promise<DocsPage[]>) {
  let pages: Promise<DocsPage[]> | undefined;
  const loaded = () => {
    pages ??= load();
    return pages;
  };

  const listPages = defineTool({
    name: "docs_list_pages",
    title: "List Docs Pages",
    description: "List every page of the @agntn/tools documentation: its path, title and one-line description.",
    effect: "read",
    snippet: "Use docs_list_pages to find the page that answers a question about @agntn/tools.",
    input: Type.Object({}, { additionalProperties: false }),
    async execute() {
      const all = await loaded();
      const lines = all.map((page) => `${page.path} — ${page.title}${page.description ? `: ${page.description}` : ""}`);
      return {
        content: [{ type: "text", text: lines.join("\n") }],
        details: { pages: all.map(({ path, title, description }) => ({ path, title, description })) },
      };
    },
  });

  const readPage = defineTool({
    name: "docs_read_page",
    title: "Read Docs Page",
    description: "Read one page of the @agntn/tools documentation as markdown. Take the path from docs_list_pages.",
    effect: "read",
    input: Type.Object(
      { path: Type.String({ minLength: 1, maxLength: 200, pattern: "^/", description: "Page path, e.g. /hosts/mcp" }) },
      { additionalProperties: false },
    ),
    async execute({ path }) {
      const wanted = path.length > 1 ? path.replace(/\/+$/, "") : path;
      const page = (await loaded()).find((entry) => entry.path === wanted);
      if (!page) {
        return {
          content: [{ type: "text", text: `No docs page at ${quote(path)}; docs_list_pages lists the paths.` }],
          isError: true,
        };
      }
      return { content: [{ type: "text", text: page.markdown }], details: { path: page.path, title: page.title } };
    },
  });

  return [listPages, readPage];
}

/** The shape of a panel in docs/app/data/host-facts.json that the text needs. */
interface PanelData {
  key: string;
  rows: { label: string; value: string }[];
  import: string;
  peer: { name: string; range: string };
  failure: string;
  catalog: string;
  registration: unknown;
}

/** What the Clients page's table says of one client (docs/app/data/clients.json). */
export interface ClientRowData {
  client: string;
  [fact: string]: string;
}

/** The Clients page's table as markdown: a section per client, a line per fact, in the table's words. */
export function clientsMarkdown(rows: readonly ClientRowData[]): string {
  return rows
    .map((row) => [`### ${row.client}`, ...CLIENT_FACTS.map(([key, label]) => `- ${label}: ${row[key] ?? ""}`)].join("\n"))
    .join("\n\n");
}

/** A host-facts panel as markdown: its rows, the import, the peer, the failure channel, resources and prompts, and the registration as JSON. */
export function panelMarkdown(panels: readonly PanelData[]): PanelText {
  return (name) => {
    const panel = panels.find((entry) => entry.key === name);
    if (!panel) return undefined;
    return [
      ...panel.rows.map((row) => `- ${row.label}: ${row.value}`),
      `- import: \`${panel.import}\``,
      `- peer: ${panel.peer.name} ${panel.peer.range}`,
      `- failure channel: ${panel.failure}`,
      `- resources and prompts: ${panel.catalog}`,
      "",
      "```json",
      JSON.stringify(panel.registration, null, 2),
      "```",
    ].join("\n");
  };
}
