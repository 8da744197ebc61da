/**
 * Progress on a terminal: one line on stderr, rewritten in place with `\r`
 * and erased to the end with `ESC [K`, cut to the terminal's width so it never
 * wraps (a wrapped line could not be rewritten).
 */
import type { ProgressReport } from "../core/context.ts";
import { cutToWidth } from "../terminal/width.ts";

/** The words a report shows: the message, and ` (n/total)` when the total is known. */
export function progressText(report: ProgressReport): string {
  return report.total === undefined ? report.message : `${report.message} (${report.progress}/${report.total})`.trimStart();
}

export interface ProgressLine {
  show(report: ProgressReport): void;
  /** Writes whole lines above the progress line (a log message), then draws the line again where it was. */
  above(lines: string): void;
  /** Erases the line (only if one is on screen) so the answer or the error starts on a clean line. */
  clear(): void;
}

/** The terminal a progress line is drawn on: a writable with a width. */
export interface Terminal {
  write(text: string): unknown;
  readonly columns?: number;
}

const ERASE_TO_END = "\u001b[K";

/**
 * A progress line on `terminal`. The last column is left free: writing into
 * it makes some terminals wrap before the next `\r`.
 */
export function progressLine(terminal: Terminal): ProgressLine {
  let onScreen = "";
  let shown = false;
  return {
    show(report) {
      // A terminal that reports no width gets the classic 80 columns.
      const columns = terminal.columns && terminal.columns > 0 ? terminal.columns : 80;
      const line = cutToWidth(progressText(report), columns - 1);
      if (shown && line === onScreen) return;
      onScreen = line;
      shown = true;
      terminal.write(`\r${line}${ERASE_TO_END}`);
    },
    above(lines) {
      if (!shown) {
        terminal.write(lines);
        return;
      }
      terminal.write(`\r${ERASE_TO_END}${lines}\r${onScreen}${ERASE_TO_END}`);
    },
    clear() {
      if (!shown) return;
      shown = false;
      onScreen = "";
      terminal.write(`\r${ERASE_TO_END}`);
    },
  };
}
