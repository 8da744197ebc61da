/**
 * The small measuring kit every benchmark shares. Variants of one comparison
 * run interleaved, round after round, in one process, so a slow moment of a
 * busy machine hits all of them alike; each ratio is taken round by round
 * against the baseline and its median reported, never a lone absolute time.
 */
import { performance } from "node:perf_hooks";

export interface Variant {
  name: string;
  /** One operation. May return a promise, which is awaited before the next. */
  fn: () => unknown;
}

export interface Measured {
  name: string;
  /** Median nanoseconds per operation over the rounds. */
  median: number;
  /** Lower and upper quartiles of the rounds, to show the spread. */
  q1: number;
  q3: number;
  /** Median over rounds of (this variant's time / the baseline's time in the same round). */
  ratio: number;
  /** Operations per round. */
  batch: number;
  /** Nanoseconds per operation, one entry per round, in round order. */
  samples: number[];
}

/** Median over rounds of a's time divided by b's time in the same round. */
export function pairedRatio(a: Measured, b: Measured): number {
  return median(a.samples.map((t, r) => t / (b.samples[r] as number)));
}

export interface CompareOptions {
  /** Rounds per variant; the median of these is reported. */
  rounds?: number;
  /** Wall time one batch should last, in milliseconds. */
  batchMs?: number;
  /** Index of the variant ratios are taken against (default 0). */
  baseline?: number;
}

export interface Target {
  what: string;
  target: string;
  measured: string;
  met: boolean;
}

/** What each benchmark hands the runner: a markdown body and the targets it checked. */
export interface Section {
  id: number;
  title: string;
  body: string;
  targets: Target[];
}

/** `BENCH_QUICK=1` shortens every benchmark for a smoke run; the figures are then only indicative. */
export const QUICK = process.env.BENCH_QUICK === "1";

/** Where results are kept out of the optimizer's reach, so no measured call is dropped as dead code. */
let sink: unknown;
export function keep(value: unknown): void {
  sink = value;
}
export function kept(): unknown {
  return sink;
}

function isPromise(value: unknown): value is Promise<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function";
}

/** Runs `fn` n times; a variant that returns promises is awaited call by call. Returns elapsed ns. */
async function batch(fn: () => unknown, n: number, async: boolean): Promise<number> {
  const start = performance.now();
  if (async) {
    for (let i = 0; i < n; i++) sink = await fn();
  } else {
    for (let i = 0; i < n; i++) sink = fn();
  }
  return (performance.now() - start) * 1e6;
}

/** Finds how many operations fill `batchMs`, warming the code up on the way. */
async function calibrate(fn: () => unknown, async: boolean, batchMs: number): Promise<number> {
  let n = 1;
  for (let guard = 0; guard < 40; guard++) {
    const ns = await batch(fn, n, async);
    if (ns >= batchMs * 1e6 * 0.5 || n >= 1 << 26) {
      return Math.max(1, Math.round((n * batchMs * 1e6) / Math.max(ns, 1)));
    }
    n *= ns < batchMs * 1e6 * 0.05 ? 8 : 2;
  }
  return n;
}

export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return (sorted[low] as number) + ((sorted[high] as number) - (sorted[low] as number)) * (at - low);
}

/**
 * Measures variants side by side. Each variant is calibrated to its own batch
 * size; then every round runs one batch of each, in an order that rotates so
 * none always goes first.
 */
export async function compare(variants: readonly Variant[], options: CompareOptions = {}): Promise<Measured[]> {
  // Many short rounds rather than a few long ones: on a shared machine a pause spoils one short
  // round, which the median then ignores, instead of inflating every long one a little.
  const rounds = options.rounds ?? (QUICK ? 7 : 25);
  const batchMs = options.batchMs ?? (QUICK ? 10 : 20);
  const base = options.baseline ?? 0;
  const kinds: boolean[] = [];
  for (const variant of variants) {
    const first = variant.fn();
    kinds.push(isPromise(first));
    if (isPromise(first)) await first;
  }
  const sizes: number[] = [];
  for (let k = 0; k < variants.length; k++) {
    const variant = variants[k] as Variant;
    const async = kinds[k] as boolean;
    await calibrate(variant.fn, async, batchMs); // first pass only warms up
    sizes.push(await calibrate(variant.fn, async, batchMs));
  }
  const times: number[][] = variants.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (let j = 0; j < variants.length; j++) {
      const k = (j + r) % variants.length;
      const n = sizes[k] as number;
      (times[k] as number[]).push((await batch((variants[k] as Variant).fn, n, kinds[k] as boolean)) / n);
    }
  }
  const baseTimes = times[base] as number[];
  return variants.map((variant, k) => {
    const own = times[k] as number[];
    return {
      name: variant.name,
      median: median(own),
      q1: quantile(own, 0.25),
      q3: quantile(own, 0.75),
      ratio: median(own.map((t, r) => t / (baseTimes[r] as number))),
      batch: sizes[k] as number,
      samples: own,
    };
  });
}

/** Times a one-off operation (a cold start, a whole build) `runs` times; each run gets fresh state from `setup`. */
export async function timeOnce<S>(runs: number, setup: () => S, fn: (state: S) => unknown): Promise<number[]> {
  const out: number[] = [];
  for (let r = 0; r < runs; r++) {
    const state = setup();
    const start = performance.now();
    sink = await fn(state);
    out.push((performance.now() - start) * 1e6);
  }
  return out;
}

/** `812 ns`, `3.41 µs`, `12.3 ms`, `1.52 s`: three significant digits. */
export function formatNs(ns: number): string {
  if (!Number.isFinite(ns)) return "n/a";
  const [value, unit] = ns < 1e3 ? [ns, "ns"] : ns < 1e6 ? [ns / 1e3, "µs"] : ns < 1e9 ? [ns / 1e6, "ms"] : [ns / 1e9, "s"];
  return `${value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2)} ${unit}`;
}

export function formatRatio(ratio: number): string {
  if (!Number.isFinite(ratio)) return "n/a";
  if (ratio < 0.01) return "< 0.01×";
  return `${ratio >= 10 ? ratio.toFixed(1) : ratio.toFixed(2)}×`;
}

export function formatBytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

/** A markdown table; cells are written as given. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

/** The usual table of a comparison: median per operation, spread, ratio to the baseline. */
export function comparisonTable(results: readonly Measured[], baselineName = results[0]?.name ?? ""): string {
  return table(
    ["variant", "median / op", "quartiles", `ratio to ${baselineName}`],
    results.map((m) => [m.name, formatNs(m.median), `${formatNs(m.q1)} – ${formatNs(m.q3)}`, formatRatio(m.ratio)]),
  );
}

/**
 * Lets a benchmark file run on its own (`node --conditions=agntn-source bench/x.ts`)
 * printing markdown, or under the runner (`--json`) printing its section as JSON.
 */
export async function standalone(run: () => Promise<Section>): Promise<void> {
  const section = await run();
  if (process.argv.includes("--json")) process.stdout.write(`${JSON.stringify(section)}\n`);
  else process.stdout.write(`${renderSection(section)}\n`);
}

export function renderSection(section: Section): string {
  const parts = [`## ${section.id}. ${section.title}`, "", section.body];
  if (section.targets.length > 0) {
    parts.push(
      "",
      table(
        ["target", "aim", "measured", "met"],
        section.targets.map((t) => [t.what, t.target, t.measured, t.met ? "yes" : "**no**"]),
      ),
    );
  }
  return parts.join("\n");
}
