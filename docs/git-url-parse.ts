/**
 * git-url-parse for Docus's build, forgiving a remote it cannot read.
 *
 * Docus reads the clone's `origin` at build time to link the repository, and
 * git-url-parse throws on a plain path (a clone of a local repository, a
 * mirror or a fork on disk), which stops the whole build. nuxt.config.ts
 * points Docus's import here: a remote it cannot parse reads as one with no
 * owner or name. The site links no repository either way (app.config.ts).
 */
import { createRequire } from "node:module";

type Parsed = { name: string; owner: string; source: string; [key: string]: unknown };

// The real parser, resolved from Docus's own folder (it is Docus's dependency, not ours) by Node, which knows no alias.
const docus = createRequire(import.meta.url).resolve("docus/package.json");
const parse = createRequire(docus)("git-url-parse") as (url: string) => Parsed;

export default function gitUrlParse(url: string): Parsed {
  try {
    return parse(url);
  } catch {
    return { name: "", owner: "", source: "" };
  }
}
