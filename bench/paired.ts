/**
 * Paired runs, shared by the benchmarks that compare variants on one
 * machine in one process (13: middleware, 14: the catalog): a warm-up, then
 * rounds of one batch per variant, the order rotating round by round so
 * that none always runs first or right after another. Each batch takes both
 * its CPU time (user + system) and its wall time: on a loaded machine the
 * wall time mostly measures the wait for a core, the CPU time the work.
 * Ratios are the median over rounds of the per-round ratios.
 */
import { formatNs, formatRatio, keep, median, quantile, table } from "./harness.ts";

/** One variant of a paired run: nanoseconds per operation of each round, wall and CPU. */
export interface Paired {
  name: string;
  wall: number[];
  cpu: number[];
}

/** Runs `n` operations one after another; returns wall and CPU (user + system) nanoseconds per operation. */
async function batch(fn: () => Promise<unknown>, n: number): Promise<{ wall: number; cpu: number }> {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < n; i++) keep(await fn());
  const wall = ((performance.now() - start) * 1e6) / n;
  const used = process.cpuUsage(cpuStart);
  return { wall, cpu: ((used.user + used.system) * 1e3) / n };
}

/** A warm-up, then `rounds` rounds of one batch of `n` operations per variant, the order rotating. */
export async function paired(
  variants: readonly { name: string; fn: () => Promise<unknown> }[],
  rounds: number,
  n: number,
): Promise<Paired[]> {
  for (const variant of variants) await batch(variant.fn, n * 4);
  const out: Paired[] = variants.map((v) => ({ name: v.name, wall: [], cpu: [] }));
  for (let r = 0; r < rounds; r++) {
    for (let j = 0; j < variants.length; j++) {
      const k = (j + r) % variants.length;
      const { wall, cpu } = await batch((variants[k] as (typeof variants)[number]).fn, n);
      (out[k] as Paired).wall.push(wall);
      (out[k] as Paired).cpu.push(cpu);
    }
  }
  return out;
}

/** Median over rounds of a's time divided by base's time in the same round. */
export const ratioOf = (a: number[], base: number[]) => median(a.map((t, r) => t / (base[r] as number)));

/**
 * A table of a paired run: medians, quartiles and the ratios, CPU and wall, to `base` (named in the header) or,
 * without one, to the first variant; `unit` names what one operation is (`call`, `request`).
 */
export function pairedTable(results: readonly Paired[], unit: string, base?: Paired): string {
  const against = base ?? (results[0] as Paired);
  const spread = (values: number[]) => `${formatNs(quantile(values, 0.25))} – ${formatNs(quantile(values, 0.75))}`;
  return table(
    [
      "variant",
      `CPU / ${unit}`,
      "CPU quartiles",
      base ? `CPU ratio to ${base.name}` : "CPU ratio",
      `wall / ${unit}`,
      "wall quartiles",
      "wall ratio",
    ],
    results.map((m) => [
      m.name,
      formatNs(median(m.cpu)),
      spread(m.cpu),
      formatRatio(ratioOf(m.cpu, against.cpu)),
      formatNs(median(m.wall)),
      spread(m.wall),
      formatRatio(ratioOf(m.wall, against.wall)),
    ]),
  );
}
