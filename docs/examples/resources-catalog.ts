// catalog.ts: a fixed resource, a family of resources under one URI template, and a prompt with checked arguments.
import { definePrompt, defineResource, Type } from "@agntn/tools";

const GUIDES = new Map([
  ["install", "Run npm install, then npm start."],
  ["deploy", "Build with npm run build and copy .output to the server."],
]);

export const changelog = defineResource({
  name: "Changelog",
  uri: "docs://changelog",
  description: "What changed in each release.",
  mimeType: "text/markdown",
  cache: { ttlMs: 60_000, scope: "public" },
  read: () => "## 1.1.0\n\n- Guides are resources now.\n",
});

export const guide = defineResource({
  name: "Guide",
  uriTemplate: "docs://guides/{slug}",
  description: "One how-to guide, by its slug.",
  mimeType: "text/plain",
  list: () => [...GUIDES.keys()].map((slug) => ({ uri: `docs://guides/${slug}`, name: slug })),
  complete: { slug: (typed) => [...GUIDES.keys()].filter((slug) => slug.startsWith(typed)) },
  read: ({ slug }) => {
    const text = GUIDES.get(slug);
    if (text === undefined) throw new Error(`there is no guide called ${slug}`);
    return text;
  },
});

export const explain = definePrompt({
  name: "explain_guide",
  title: "Explain a Guide",
  description: "Asks the model to walk a newcomer through one guide.",
  arguments: Type.Object(
    {
      slug: Type.String({ description: "The guide's slug" }),
      level: Type.Optional(Type.String({ enum: ["beginner", "expert"], description: "Who is reading" })),
    },
    { additionalProperties: false },
  ),
  complete: { slug: (typed) => [...GUIDES.keys()].filter((slug) => slug.startsWith(typed)) },
  get: ({ slug, level = "beginner" }) => [
    { role: "user", content: { type: "resource_link", uri: `docs://guides/${slug}`, name: slug } },
    { role: "user", content: `Explain this guide to a ${level}, step by step.` },
  ],
});
