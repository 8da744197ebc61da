/**
 * runCli's `bundle` option, checked with the program's other options at
 * start-up (a typo never packs a wrong bundle), in a file of its own so the
 * check loads none of the packing code.
 */
import { ToolDefinitionError } from "../core/errors.ts";
import { checkOptionKeys } from "../core/options.ts";
import { isRecord } from "../core/schema.ts";
import { type Author, PLATFORMS, type Platform, parseAuthor } from "../publish/manifest.ts";
import { type BundleSetting, checkSettings } from "../publish/settings.ts";

export interface BundleOptions {
  /** Who made it; MCPB hosts show it and require it. Default: package.json's `author`. */
  author?: Author | string;
  /** What the program asks its user for, by key: each read from an environment variable. */
  settings?: Record<string, BundleSetting>;
  /** The systems it runs on. Default: all three (`darwin`, `linux`, `win32`). */
  platforms?: Platform[];
  /** server.json's description, at most 100 characters. Default: the program's description. */
  summary?: string;
  /** Where the `.mcpb` will be downloadable: server.json then lists the bundle too, with its sha256. */
  downloadUrl?: string;
  /** A PNG file in the package (512×512 shows best), the icon a bundle host shows: packed as the bundle's `icon.png`. */
  icon?: string;
}

/** The options as given, checked; `true` is every default, `false` or none is no bundle command. */
export function checkBundleOptions(value: unknown): BundleOptions | undefined {
  if (value === undefined || value === false) return undefined;
  if (value === true) return {};
  checkOptionKeys("runCli: bundle", value, ["author", "settings", "platforms", "summary", "downloadUrl", "icon"]);
  if (!isRecord(value)) throw new ToolDefinitionError("runCli: bundle must be true or an object");
  if (value.author !== undefined && parseAuthor(value.author) === undefined)
    throw new ToolDefinitionError('runCli: bundle.author must be { name, email?, url? } or "Name <email> (url)"');
  checkSettings(value.settings, "runCli: bundle.settings");
  const platforms = value.platforms;
  if (
    platforms !== undefined &&
    !(Array.isArray(platforms) && platforms.length > 0 && platforms.every((p) => (PLATFORMS as unknown[]).includes(p)))
  )
    throw new ToolDefinitionError(`runCli: bundle.platforms must be a non-empty list of ${PLATFORMS.join(", ")}`);
  for (const field of ["summary", "downloadUrl", "icon"] as const) {
    if (value[field] !== undefined && (typeof value[field] !== "string" || value[field].trim() === ""))
      throw new ToolDefinitionError(`runCli: bundle.${field} must be a non-empty string`);
  }
  if (typeof value.icon === "string" && !/\.png$/i.test(value.icon))
    throw new ToolDefinitionError("runCli: bundle.icon must be the path of a .png file in the package");
  return value as BundleOptions;
}
