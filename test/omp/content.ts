/**
 * Content kinds, log and sampling inside real OMP (no UI): a result with one
 * block of every kind read by a model that takes images and by one that
 * takes text only, a malformed block, a line at six levels caught on OMP's
 * own logger (a sink registered with pi-utils, the logger `pi.logger` is),
 * and what a call's context offers.
 * Run: bun --conditions=agntn-source test/omp/content.ts
 */
import { openSession, report } from "./harness.ts";

await report(async () => {
  const { logger } = await import("@oh-my-pi/pi-utils");
  const logs: Array<{ level: string; message: string; context: unknown }> = [];
  const stop = logger.registerLogSink((event) => {
    const context = event.context as { tool?: unknown } | undefined;
    if (context?.tool === "media_log") logs.push({ level: event.level, message: event.message, context });
  });

  const omp = await openSession({ scenario: { content: true }, images: true });
  const calls = {
    media: await omp.call("media_mix", {}),
    bad: await omp.call("media_bad", {}),
    log: await omp.call("media_log", {}),
    offer: await omp.call("media_offer", {}),
    sample: await omp.call("media_sample", {}),
  };
  await omp.close();

  const textOnly = await openSession({ scenario: { content: true } });
  const mediaTextOnly = await textOnly.call("media_mix", {});
  await textOnly.close();
  stop();

  return { calls, mediaTextOnly, logs };
});
