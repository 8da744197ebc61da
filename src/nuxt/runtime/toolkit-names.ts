/** The name the toolkit registers a tool under; apart from ./toolkit-external.ts, so it can be tested without the toolkit. */

/** What the name is read from: the definition's own `name`, else its file name as the toolkit's loader recorded it. */
export interface NamedDefinition {
  name?: string;
  _meta?: { filename?: unknown; [key: string]: unknown };
}

function kebabCase(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/[_\s]+/g, "-")
    .toLowerCase();
}

/** The registered name: its own `name`, else the kebab-cased file name (as the toolkit derives it); `undefined` with neither. */
export function registeredName(definition: NamedDefinition): string | undefined {
  if (typeof definition.name === "string" && definition.name !== "") return definition.name;
  const filename = definition._meta?.filename;
  if (typeof filename !== "string") return undefined;
  return kebabCase(filename.replace(/\.(ts|js|mts|mjs)$/, ""));
}
