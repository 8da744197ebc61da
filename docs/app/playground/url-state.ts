/**
 * The playground's state in the address: `?args=<JSON>`, so a case can be
 * shared. Reading never trusts the address: anything that is not JSON is
 * reported, not run.
 */
export type ParsedArgs = { ok: true; value: unknown } | { ok: false; problem: string };

/** Parses the editor text; the problem line names what JSON.parse disliked. */
export function parseArgs(text: string): ParsedArgs {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, problem: `Not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * The `args` query value (from the router, which keeps it even while it
 * rewrites the address), as the editor should show it; `undefined` when absent.
 */
export function argsFromQuery(value: unknown): string | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (typeof raw !== "string") return undefined;
  const parsed = parseArgs(raw);
  // Valid JSON is shown pretty; anything else as it came, so the reader sees what was shared.
  return parsed.ok ? JSON.stringify(parsed.value, null, 2) : raw;
}

/** The same URL with `args` set to the compact JSON of the editor text (or the raw text when it is not JSON). */
export function searchWithArgs(search: string, text: string): string {
  const params = new URLSearchParams(search);
  const parsed = parseArgs(text);
  params.set("args", parsed.ok ? JSON.stringify(parsed.value) : text);
  return `?${params.toString()}`;
}
