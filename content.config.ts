/**
 * The site's collections. Docus reads `content/` at the project root; this
 * project keeps its site under `docs/`, so the two collections Docus queries
 * (`landing` for `/`, `docs` for every other page) are redefined here with
 * the same names and `docs/content` as their folder. Nuxt Content merges the
 * collections of every layer by name, so these replace the Docus ones.
 */
import { fileURLToPath } from "node:url";
import { defineCollection, defineContentConfig, z } from "@nuxt/content";

const cwd = fileURLToPath(new URL("./docs/content", import.meta.url));

export default defineContentConfig({
  collections: {
    landing: defineCollection({ type: "page", source: { cwd, include: "index.md" } }),
    docs: defineCollection({
      type: "page",
      source: { cwd, include: "**", exclude: ["index.md"], prefix: "/" },
      schema: z.object({
        links: z.array(z.object({ label: z.string(), icon: z.string(), to: z.string(), target: z.string().optional() })).optional(),
      }),
    }),
  },
});
