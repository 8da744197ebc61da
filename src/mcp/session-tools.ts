/**
 * What another framework adds to one 2025-11-25 session while it runs (the
 * toolkit's `useMcpServer().registerTool`, `registerPrompt` and
 * `registerResource` on the Nuxt route), and removes again. A session's
 * lists start as its tool set's and change only for that session: the
 * client hears of each change through `notifications/tools/list_changed`
 * (or the resources' or prompts' one; the server declares `listChanged`
 * where it can send one), and another session never sees it, as with the
 * toolkit alone. An added tool is scope-checked by its annotations like any
 * other external tool (./http.ts builds the session's check over
 * {@link SessionTools.effectOf}); an added resource or prompt needs the read
 * scope, as every read and get does.
 *
 * A 2026-07-28 request has no session, so it gets none of this: anything
 * added there would vanish with the request.
 */
import { effectOfAnnotations } from "../protocol/scopes.ts";
import type { ServedPrompt, ServedResource, ServedTemplate } from "../protocol/served.ts";
import type { ExternalTool } from "./external.ts";

/** What a call of an external tool may do to its session's lists. */
export interface SessionToolList {
  /** Adds a tool; a name the session already serves throws, in SDK v1's words. */
  add(tool: ExternalTool): void;
  /** Removes a tool this session added; `false` when it added none of that name. */
  remove(name: string): boolean;
  /** Adds a prompt; a name the session already serves throws, as does a server that serves no prompts. */
  addPrompt(prompt: ServedPrompt): void;
  removePrompt(name: string): boolean;
  /** Adds a fixed resource or a template under a name of its own (what `removeResource` takes). */
  addResource(name: string, resource: ServedResource | ServedTemplate): void;
  removeResource(name: string): boolean;
}

/** Which list changed, for the notification the server sends. */
export type SessionList = "tools" | "resources" | "prompts";

/** What the server a session runs on tells its list. */
export interface SessionServing {
  /** Whether a tool, prompt, URI or template is served already, outside this session's additions. */
  toolTaken(name: string): boolean;
  promptTaken(name: string): boolean;
  resourceTaken(uriOrTemplate: string): boolean;
  /** Whether the server answers resources and prompts at all (a session cannot add a kind it has no handlers for). */
  resources: boolean;
  prompts: boolean;
  /** Told after every change; the server sends the list's `list_changed`. */
  changed(list: SessionList): void;
}

const NOT_SERVING: SessionServing = {
  toolTaken: () => false,
  promptTaken: () => false,
  resourceTaken: () => false,
  resources: false,
  prompts: false,
  changed: () => {},
};

function isTemplate(resource: ServedResource | ServedTemplate): resource is ServedTemplate {
  return "uriTemplate" in resource.listing;
}

export class SessionTools implements SessionToolList {
  readonly #tools = new Map<string, ExternalTool>();
  readonly #prompts = new Map<string, ServedPrompt>();
  /** By the name they were added under; each holds a fixed resource or a template. */
  readonly #resources = new Map<string, ServedResource | ServedTemplate>();
  serving: SessionServing = NOT_SERVING;

  get size(): number {
    return this.#tools.size;
  }

  get(name: string): ExternalTool | undefined {
    return this.#tools.get(name);
  }

  /** The listings, in the order the tools were added. */
  listings(): Array<ExternalTool["listing"]> {
    return [...this.#tools.values()].map((tool) => tool.listing);
  }

  /** The effect of a tool this session added, by its annotations; `undefined` for any other name. */
  effectOf(name: string) {
    const tool = this.#tools.get(name);
    return tool ? effectOfAnnotations(tool.listing.annotations) : undefined;
  }

  add(tool: ExternalTool): void {
    const name = tool.listing.name;
    if (this.#tools.has(name) || this.serving.toolTaken(name)) throw new Error(`Tool ${name} is already registered`);
    this.#tools.set(name, tool);
    this.serving.changed("tools");
  }

  remove(name: string): boolean {
    if (!this.#tools.delete(name)) return false;
    this.serving.changed("tools");
    return true;
  }

  /* Prompts */

  prompt(name: string): ServedPrompt | undefined {
    return this.#prompts.get(name);
  }

  promptListings(): Array<ServedPrompt["listing"]> {
    return [...this.#prompts.values()].map((prompt) => prompt.listing);
  }

  addPrompt(prompt: ServedPrompt): void {
    const name = prompt.listing.name;
    if (!this.serving.prompts) throw new Error("This server serves no prompts, so none can be added to the session");
    if (this.#prompts.has(name) || this.serving.promptTaken(name)) throw new Error(`Prompt ${name} is already registered`);
    this.#prompts.set(name, prompt);
    this.serving.changed("prompts");
  }

  removePrompt(name: string): boolean {
    if (!this.#prompts.delete(name)) return false;
    this.serving.changed("prompts");
    return true;
  }

  /* Resources */

  /** The fixed resources added, in order. */
  resourceListings(): Array<ServedResource["listing"]> {
    return [...this.#resources.values()].filter((one) => !isTemplate(one)).map((one) => (one as ServedResource).listing);
  }

  templateListings(): Array<ServedTemplate["listing"]> {
    return [...this.#resources.values()].filter(isTemplate).map((one) => one.listing);
  }

  /** The added resource at `uri`: a fixed one first, then the first template that matches. */
  read(uri: string): { resource: ServedResource } | { template: ServedTemplate; variables: Record<string, string | string[]> } | undefined {
    const added = [...this.#resources.values()];
    for (const one of added) if (!isTemplate(one) && one.listing.uri === uri) return { resource: one };
    for (const one of added) {
      if (!isTemplate(one)) continue;
      const variables = one.match(uri);
      if (variables) return { template: one, variables };
    }
    return undefined;
  }

  addResource(name: string, resource: ServedResource | ServedTemplate): void {
    if (!this.serving.resources) throw new Error("This server serves no resources, so none can be added to the session");
    const key = isTemplate(resource) ? resource.listing.uriTemplate : resource.listing.uri;
    const clash =
      this.#resources.has(name) ||
      this.serving.resourceTaken(key) ||
      [...this.#resources.values()].some((one) => (isTemplate(one) ? one.listing.uriTemplate : one.listing.uri) === key);
    if (clash) throw new Error(`Resource ${key} is already registered`);
    this.#resources.set(name, resource);
    this.serving.changed("resources");
  }

  removeResource(name: string): boolean {
    if (!this.#resources.delete(name)) return false;
    this.serving.changed("resources");
    return true;
  }
}
