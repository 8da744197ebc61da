/**
 * The docs site: a Docus 5 app whose content, components and server files all
 * live under docs/, so the library's own sources stay free of site files.
 *
 * - srcDir `docs/app`: the Vue components (host-facts panel, playground) and
 *   the panel data; serverDir `docs/server`: the site's MCP tools.
 * - Content from `docs/content`: content.config.ts replaces the two Docus
 *   collections (`landing`, `docs`) with ones reading that folder.
 * - The project's own Nuxt module serves /mcp: the docs pages as tools plus
 *   `text_slug`. Docus's page tools (`list-pages`, `get-page`) live in
 *   `server/mcp/tools` of its layer; `mcp.dir` points the toolkit at a folder
 *   no layer has, so they are not loaded and only our tools answer there.
 * - Offline: no font provider, icons from the server bundle, a fixed llms
 *   domain; a build and a page load make no outside request.
 */
import { fileURLToPath } from "node:url";
import { defineNuxtConfig } from "nuxt/config";
import { sourceAliases } from "./test/fixtures/package-entries.ts";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The site's icon, inline: an MCP client can show it without fetching anything. */
const icon = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#10b981"/><path d="M9 10h14M9 16h9M9 22h14" stroke="#fff" stroke-width="3" stroke-linecap="round"/></svg>',
).toString("base64")}`;

const siteUrl = "http://127.0.0.1:3000";

export default defineNuxtConfig({
  extends: ["docus"],
  modules: ["@agntn/tools/nuxt"],
  srcDir: "docs/app",
  serverDir: "docs/server",
  dir: { public: "docs/public" },
  // The library's names (its own module above included) resolve to its sources: the site needs no build of it.
  // Docus's build parses the clone's git remote; a plain-path remote must not stop it (see docs/git-url-parse.ts).
  alias: { ...sourceAliases, "git-url-parse": here("./docs/git-url-parse.ts") },
  site: { name: "@agntn/tools", url: siteUrl },
  agntnTools: { tools: here("./docs/server/site-tools.ts") },
  mcp: {
    dir: "site-mcp",
    description: "The @agntn/tools docs as tools: list the pages, read one as markdown, and try text_slug.",
    icons: [{ src: icon, mimeType: "image/svg+xml", sizes: ["any"] }],
  },
  // The Deploying page shows nginx configs; Docus's own languages are merged in from its layer.
  content: { build: { markdown: { highlight: { langs: ["nginx"] } } } },
  nitro: {
    serverAssets: [{ baseName: "docs-pages", dir: here("./docs/content") }],
  },
  fonts: {
    providers: { google: false, googleicons: false, bunny: false, fontshare: false, fontsource: false, adobe: false },
  },
  icon: { provider: "server" },
  llms: { domain: siteUrl },
  compatibilityDate: "2025-07-22",
});
