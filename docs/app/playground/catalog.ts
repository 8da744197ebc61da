/**
 * What the playground's MCP server serves beside the demo tools: a fixed
 * resource, a template over the demo tools, and a prompt. The MCP card lists
 * and reads them and gets the prompt (hosts.ts), showing the raw JSON-RPC
 * answers; the other hosts have no resources or prompts.
 */
import { definePrompt, defineResource, Type } from "@agntn/tools";
import { tools } from "../../../playground/server/tools.ts";

const byName = new Map(tools.map((tool) => [tool.name, tool]));

export const readme = defineResource({
  name: "Readme",
  uri: "demo://readme",
  description: "What the demo server offers.",
  mimeType: "text/markdown",
  read: () => "# Demo tools\n\nFive text tools, a tool page per tool (demo://tools/{name}) and one prompt, summarize_text.\n",
});

export const toolPage = defineResource({
  name: "Demo tool",
  uriTemplate: "demo://tools/{name}",
  description: "One demo tool's description, by its name.",
  mimeType: "text/plain",
  list: () => tools.map((tool) => ({ uri: `demo://tools/${tool.name}`, name: tool.name })),
  complete: { name: (typed) => tools.map((tool) => tool.name).filter((name) => name.startsWith(typed)) },
  read: ({ name }) => {
    const tool = byName.get(name);
    if (!tool) throw new Error(`there is no demo tool called ${name}`);
    return `${tool.title ?? tool.name}: ${tool.description}`;
  },
});

export const summarize = definePrompt({
  name: "summarize_text",
  title: "Summarize Text",
  description: "Asks the model for a one-sentence summary of a text.",
  arguments: Type.Object({ text: Type.String({ minLength: 1, description: "Text to summarize" }) }, { additionalProperties: false }),
  get: ({ text }) => `Summarize this text in one sentence:\n\n${text}`,
});

export const resources = [readme, toolPage];
export const prompts = [summarize];
