/**
 * The status line OMP draws for a call, in the host's theme: a call line
 * (title, optional summary), a partial line while the tool runs (its last
 * progress text) and a final line (done or error mark, title, approval tier,
 * optional facts). Every value is cleaned to one safe line, and the row is cut
 * to the width OMP offers: the TUI refuses rows wider than the terminal.
 */
import { describeValue, sanitizeLine } from "../core/sanitize.ts";
import { cutToWidth, displayWidth } from "../terminal/width.ts";
import type { OmpToolOptions } from "./options.ts";
import type { OmpApproval, OmpComponent, OmpRenderCall, OmpRenderResult, OmpTheme, OmpToolResult } from "./types.ts";

/** A piece of a row: plain text and the theme role that colours it. */
interface Part {
  text: string;
  color: string;
  bold?: boolean;
}

const ELLIPSIS = "…";
const FALLBACK_MARKS = { success: "✓", error: "✗" };

/** Cuts plain text to at most `width` columns, marking the cut with an ellipsis. */
function fitWidth(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 0) return "";
  return cutToWidth(text, width - 1) + ELLIPSIS;
}

/** Cleans, cuts and colours the parts of one row; empty parts are left out. */
function drawRow(parts: readonly Part[], theme: OmpTheme, width: number): string {
  let room = Math.max(0, Math.floor(width));
  const drawn: string[] = [];
  for (const part of parts) {
    const clean = sanitizeLine(part.text);
    if (clean === "") continue;
    const gap = drawn.length > 0 ? 1 : 0;
    if (room - gap <= 0) break;
    const text = fitWidth(clean, room - gap);
    room -= gap + displayWidth(text);
    const styled = theme.fg(part.color, part.bold ? theme.bold(text) : text);
    drawn.push(gap ? ` ${styled}` : styled);
  }
  return drawn.join("");
}

/** A one-row component; `parts` is read at render time so OMP's resize redraws it at the new width. */
function row(parts: readonly Part[], theme: OmpTheme): OmpComponent {
  return { render: (width) => [drawRow(parts, theme, width)], invalidate: () => {} };
}

/** Runs a user callback for a line; a throw or an odd value leaves the line out rather than breaking the TUI. */
function safely<T>(make: () => T): T | undefined {
  try {
    return make();
  } catch {
    return undefined;
  }
}

function textOf(result: OmpToolResult | undefined): string {
  const content = Array.isArray(result?.content) ? result.content : [];
  const last = content.findLast((c) => c?.type === "text" && typeof c.text === "string");
  return last?.type === "text" ? last.text : "";
}

function factsOf(tool: OmpToolOptions | undefined, details: unknown): string[] {
  if (!tool?.facts) return [];
  const facts = safely(() => tool.facts?.(details));
  if (typeof facts === "string") return [facts];
  return Array.isArray(facts) ? facts.map((f) => describeValue(f)) : [];
}

/** The call line: title, then the tool's one-line summary of the arguments when it has one. */
export function statusCall(title: string, tool: OmpToolOptions | undefined): OmpRenderCall {
  return (args, _options, theme) => {
    const summary = tool?.summary ? safely(() => tool.summary?.(args ?? {})) : undefined;
    return row(
      [
        { text: title, color: "toolTitle", bold: true },
        { text: typeof summary === "string" ? summary : "", color: "muted" },
      ],
      theme,
    );
  };
}

/** The partial line (last progress text) while running; the final line once the call has answered. */
export function statusResult(title: string, approval: OmpApproval, tool: OmpToolOptions | undefined): OmpRenderResult {
  return (result, options, theme) => {
    if (options?.isPartial) return row([{ text: textOf(result), color: "dim" }], theme);
    const failed = result?.isError === true;
    const mark = failed ? (theme.status?.error ?? FALLBACK_MARKS.error) : (theme.status?.success ?? FALLBACK_MARKS.success);
    const facts = failed ? [] : factsOf(tool, result?.details);
    return row(
      [
        { text: mark, color: failed ? "error" : "success" },
        { text: title, color: "toolTitle", bold: true },
        { text: approval, color: "muted" },
        {
          text: facts
            .map((f) => sanitizeLine(f))
            .filter(Boolean)
            .join(" · "),
          color: "dim",
        },
      ],
      theme,
    );
  };
}
