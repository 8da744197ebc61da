/**
 * The tool list of the site's /mcp route (nuxt.config.ts points the
 * project's Nuxt module here): the docs pages as tools, plus `text_slug`.
 * Page sources are bundled as Nitro server assets (`assets:docs-pages`,
 * configured in nuxt.config.ts), so the route needs no file system at run time.
 */
import { useStorage } from "#imports";
import { slugTool } from "../../playground/server/tools.ts";
import clients from "../app/data/clients.json";
import panels from "../app/data/host-facts.json";
import { clientsMarkdown, docsTools, panelMarkdown, readPages, type SourcePage } from "./docs-tools.ts";

async function loadSources(): Promise<SourcePage[]> {
  const storage = useStorage("assets:docs-pages");
  const keys = (await storage.getKeys()).filter((key) => key.endsWith(".md"));
  const pages: SourcePage[] = [];
  for (const key of keys) {
    const raw = await storage.getItemRaw(key);
    const source = typeof raw === "string" ? raw : new TextDecoder().decode(raw as Uint8Array);
    // Storage keys use ":" for "/".
    pages.push({ file: key.replaceAll(":", "/"), source });
  }
  return pages;
}

export const tools = [...docsTools(async () => readPages(await loadSources(), panelMarkdown(panels), clientsMarkdown(clients))), slugTool];
