/**
 * Settings a packed program asks its user for (an API key, a folder): each one
 * is read by the program from an environment variable, shown by an MCP Bundle
 * host as a `user_config` field, and listed in `server.json` as an environment
 * variable. Declared once, checked once here, and turned into both shapes.
 */
import { ToolDefinitionError } from "../core/errors.ts";
import { checkOptionKeys } from "../core/options.ts";
import { quote } from "../core/sanitize.ts";
import { isRecord } from "../core/schema.ts";
import type { RegistryVariable } from "./registry.ts";

export type SettingType = "string" | "number" | "boolean" | "directory" | "file";

export interface BundleSetting {
  /** The environment variable the program reads it from, such as `WEATHER_API_KEY`. */
  env: string;
  /** The field's label in a host's settings form. */
  title: string;
  /** One sentence under the label. */
  description: string;
  /** Default `"string"`; `directory` and `file` make the host offer a picker. */
  type?: SettingType;
  /** The host refuses to start the program until it is filled in. Default `false`. */
  required?: boolean;
  /** A password, a token, a key: the host hides it and keeps it in the system's keychain. Default `false`. */
  secret?: boolean;
  default?: string | number | boolean;
}

const TYPES: ReadonlySet<unknown> = new Set(["string", "number", "boolean", "directory", "file"]);
/** A key MCPB can substitute in `${user_config.<key>}`. */
const KEY = /^[a-z][a-z0-9_]{0,63}$/;
/** A variable every shell can set. */
const ENV = /^[A-Z_][A-Z0-9_]{0,127}$/;

/** The settings as given, each key and field checked; throws ToolDefinitionError naming the setting. */
export function checkSettings(settings: unknown, where: string): Map<string, BundleSetting> {
  const checked = new Map<string, BundleSetting>();
  if (settings === undefined) return checked;
  if (!isRecord(settings)) throw new ToolDefinitionError(`${where} must be an object of settings by key`);
  const envs = new Map<string, string>();
  for (const [key, setting] of Object.entries(settings)) {
    const at = `${where}.${key}`;
    if (!KEY.test(key)) throw new ToolDefinitionError(`${where}: key ${quote(key)} must be lowercase letters, digits and "_"`);
    checkOptionKeys(at, setting, ["env", "title", "description", "type", "required", "secret", "default"]);
    if (!isRecord(setting)) throw new ToolDefinitionError(`${at} must be an object`);
    if (typeof setting.env !== "string" || !ENV.test(setting.env))
      throw new ToolDefinitionError(`${at}.env must be an environment variable's name in capitals, such as "API_KEY"`);
    for (const field of ["title", "description"] as const) {
      if (typeof setting[field] !== "string" || setting[field].trim() === "")
        throw new ToolDefinitionError(`${at}.${field} must be a non-empty string`);
    }
    if (setting.type !== undefined && !TYPES.has(setting.type))
      throw new ToolDefinitionError(`${at}.type must be one of string, number, boolean, directory, file`);
    for (const field of ["required", "secret"] as const) {
      if (setting[field] !== undefined && typeof setting[field] !== "boolean")
        throw new ToolDefinitionError(`${at}.${field} must be a boolean`);
    }
    const type = (setting.type ?? "string") as SettingType;
    const given = setting.default;
    const defaultType = type === "directory" || type === "file" ? "string" : type;
    if (given !== undefined && typeof given !== defaultType) throw new ToolDefinitionError(`${at}.default must be a ${defaultType}`);
    const other = envs.get(setting.env);
    if (other !== undefined) throw new ToolDefinitionError(`${where}: ${quote(other)} and ${quote(key)} both read ${setting.env}`);
    envs.set(setting.env, key);
    checked.set(key, setting as unknown as BundleSetting);
  }
  return checked;
}

/** The manifest's `user_config`: one field per setting. */
export function userConfig(settings: ReadonlyMap<string, BundleSetting>): Record<string, Record<string, unknown>> {
  const config: Record<string, Record<string, unknown>> = {};
  for (const [key, setting] of settings) {
    config[key] = {
      type: setting.type ?? "string",
      title: setting.title,
      description: setting.description,
      required: setting.required === true,
      ...(setting.secret ? { sensitive: true } : {}),
      ...(setting.default === undefined ? {} : { default: setting.default }),
    };
  }
  return config;
}

/** The environment the bundle host starts the program with: each variable filled from its field. */
export function bundleEnvironment(settings: ReadonlyMap<string, BundleSetting>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, setting] of settings) env[setting.env] = `\${user_config.${key}}`;
  return env;
}

/** The same settings as `server.json` lists them. */
export function registryVariables(settings: ReadonlyMap<string, BundleSetting>): RegistryVariable[] {
  return [...settings.values()].map((setting) => {
    const type = setting.type ?? "string";
    return {
      name: setting.env,
      description: setting.description,
      required: setting.required === true,
      secret: setting.secret === true,
      format: type === "directory" || type === "file" ? "filepath" : type,
      ...(setting.default === undefined ? {} : { default: String(setting.default) }),
    };
  });
}
