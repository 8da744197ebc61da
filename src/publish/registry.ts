/**
 * A `server.json` for the MCP Registry (schema 2025-12-11), built from what the
 * program or app already knows and checked against the registry's own limits
 * before anything is written: a name the registry would refuse, a description
 * over 100 characters or a version range is said here, one line each, instead
 * of at `mcp-publisher publish` time. Shared by the command line's `bundle`
 * command (an npm package and an MCP Bundle) and the Nuxt module (a remote).
 */
import { ToolDefinitionError } from "../core/errors.ts";
import { quote } from "../core/sanitize.ts";

/** The registry schema the entries follow (the one test/fixtures/registry/server.schema.json holds). */
export const REGISTRY_SCHEMA = "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json";

/** An environment variable a package reads, as a client asks the person for it. */
export interface RegistryVariable {
  name: string;
  description: string;
  required: boolean;
  secret: boolean;
  format: "string" | "number" | "boolean" | "filepath";
  default?: string;
}

export interface RegistryEntryFields {
  /** Reverse-DNS, one slash: `io.github.ada/weather`. */
  name: string;
  version: string;
  /** At most 100 characters. */
  description: string;
  title?: string | undefined;
  websiteUrl?: string | undefined;
  repository?: { url: string; source: string; subfolder?: string | undefined } | undefined;
  /** Installed from npm and started over stdio with `args` after the package's bin. */
  npm?: { identifier: string; version: string; args: readonly string[]; environment: readonly RegistryVariable[] } | undefined;
  /** An MCP Bundle downloaded from `url`, whose bytes hash to `sha256`. */
  mcpb?: { url: string; sha256: string; environment: readonly RegistryVariable[] } | undefined;
  /** Served over Streamable HTTP at `url`. */
  remote?: { url: string } | undefined;
}

/** The registry's own patterns and bounds (from the schema's ServerDetail and Package). */
const NAME = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;
const HTTP_URL = /^https?:\/\/[^\s]+$/;
/** What the registry calls a range and refuses: ^1.2, ~1.2, >=1.2, 1.x, 1.*, latest. */
const RANGE = /^[\^~<>=]|(^|\.)[x*](\.|$)|\s|\|\||^latest$/i;

/** Every problem of the fields, one line each (empty when there is none). */
function problems(fields: RegistryEntryFields): string[] {
  const found: string[] = [];
  const text = (field: string, value: unknown, max: number) => {
    if (typeof value !== "string" || value.trim() === "") found.push(`${field} must be a non-empty string`);
    else if ([...value].length > max) found.push(`${field} has ${[...value].length} characters; the registry takes at most ${max}`);
  };
  const registryName = 'a registry name: reverse-DNS with one slash, such as "io.github.you/server"';
  if (typeof fields.name !== "string") found.push(`name must be ${registryName}`);
  else if (!NAME.test(fields.name) || fields.name.length < 3 || fields.name.length > 200)
    found.push(`name ${quote(fields.name)} is not ${registryName}`);
  text("description", fields.description, 100);
  if (fields.title !== undefined) text("title", fields.title, 100);
  const version = (field: string, value: unknown) => {
    if (typeof value !== "string" || value.trim() === "") found.push(`${field} must be a non-empty string`);
    else if (value.length > 255) found.push(`${field} has ${value.length} characters; the registry takes at most 255`);
    else if (RANGE.test(value)) found.push(`${field} ${quote(value)} is a range; the registry takes one exact version`);
  };
  version("version", fields.version);
  const url = (field: string, value: unknown) => {
    if (typeof value !== "string" || !HTTP_URL.test(value) || !URL.canParse(value)) {
      found.push(`${field} must be an http or https URL${typeof value === "string" ? `, got ${quote(value)}` : ""}`);
    }
  };
  if (fields.websiteUrl !== undefined) url("websiteUrl", fields.websiteUrl);
  if (fields.repository !== undefined) url("repository.url", fields.repository.url);
  if (fields.npm !== undefined) version("the npm package's version", fields.npm.version);
  if (fields.mcpb !== undefined) {
    url("the bundle's download URL", fields.mcpb.url);
    if (!/^[a-f0-9]{64}$/.test(fields.mcpb.sha256)) found.push("the bundle's sha256 must be 64 lowercase hex digits");
  }
  if (fields.remote !== undefined) url("the remote's URL", fields.remote.url);
  if (fields.npm === undefined && fields.mcpb === undefined && fields.remote === undefined) {
    found.push("the entry names no way to reach the server: an npm package, a bundle's download URL or a remote URL");
  }
  return found;
}

function variables(environment: readonly RegistryVariable[]): Array<Record<string, unknown>> {
  return environment.map((variable) => ({
    name: variable.name,
    description: variable.description,
    ...(variable.format === "string" ? {} : { format: variable.format }),
    ...(variable.required ? { isRequired: true } : {}),
    ...(variable.secret ? { isSecret: true } : {}),
    ...(variable.default === undefined ? {} : { default: variable.default }),
  }));
}

/**
 * The `server.json` document for `fields`. Throws ToolDefinitionError with one
 * line per problem, each starting with `where`.
 */
export function registryEntry(fields: RegistryEntryFields, where: string): Record<string, unknown> {
  const found = problems(fields);
  if (found.length > 0) throw new ToolDefinitionError(found.map((line) => `${where}: ${line}`).join("\n"));
  const packages: Array<Record<string, unknown>> = [];
  if (fields.npm) {
    const environment = variables(fields.npm.environment);
    packages.push({
      registryType: "npm",
      registryBaseUrl: "https://registry.npmjs.org",
      identifier: fields.npm.identifier,
      version: fields.npm.version,
      runtimeHint: "npx",
      transport: { type: "stdio" },
      ...(fields.npm.args.length > 0 ? { packageArguments: fields.npm.args.map((value) => ({ type: "positional", value })) } : {}),
      ...(environment.length > 0 ? { environmentVariables: environment } : {}),
    });
  }
  if (fields.mcpb) {
    const environment = variables(fields.mcpb.environment);
    packages.push({
      registryType: "mcpb",
      identifier: fields.mcpb.url,
      fileSha256: fields.mcpb.sha256,
      transport: { type: "stdio" },
      ...(environment.length > 0 ? { environmentVariables: environment } : {}),
    });
  }
  return {
    $schema: REGISTRY_SCHEMA,
    name: fields.name,
    ...(fields.title === undefined ? {} : { title: fields.title }),
    description: fields.description,
    version: fields.version,
    ...(fields.websiteUrl === undefined ? {} : { websiteUrl: fields.websiteUrl }),
    ...(fields.repository === undefined
      ? {}
      : {
          repository: {
            url: fields.repository.url,
            source: fields.repository.source,
            ...(fields.repository.subfolder ? { subfolder: fields.repository.subfolder } : {}),
          },
        }),
    ...(packages.length > 0 ? { packages } : {}),
    ...(fields.remote ? { remotes: [{ type: "streamable-http", url: fields.remote.url }] } : {}),
  };
}
