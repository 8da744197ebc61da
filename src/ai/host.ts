/**
 * The one value this face takes from `ai` at run time, behind a check that
 * the installed `ai` is version 7 or later.
 *
 * `ai` is not a peer of this package. An optional peer `ai` 7 made npm
 * refuse to install a Nuxt app on a Node older than 22: npm picks `ai` 6
 * there for other packages' optional peers, and the user read a conflict
 * over `ai`, a package they never asked for. So the version is checked here,
 * where it matters, the first time a tool is converted. (A missing `ai` stops
 * the import itself, with Node's own "Cannot find package 'ai'".)
 */
import * as ai from "ai";

/** Why the installed `ai` cannot serve this face, or `undefined` when it can. */
export function aiVersionProblem(installed: Record<string, unknown>): string | undefined {
  // `isStepCount` arrived in ai 7.0.0 (6 had only `stepCountIs`): its presence tells 7 from older releases.
  if (typeof installed.isStepCount === "function") return undefined;
  return "@agntn/tools/ai needs ai 7 or later, and the installed ai is older (it has no isStepCount, which ai 7 added): install ai@7";
}

let checked = false;

/** `ai`'s `jsonSchema`, refusing with {@link aiVersionProblem}'s line when `ai` is older than 7. */
export const jsonSchema = ((...args: Parameters<typeof ai.jsonSchema>) => {
  if (!checked) {
    // Only the one member, read by name: handing the whole namespace on would make bundlers keep all of `ai`.
    const problem = aiVersionProblem({ isStepCount: ai.isStepCount });
    if (problem) throw new Error(problem);
    checked = true;
  }
  return ai.jsonSchema(...args);
}) as typeof ai.jsonSchema;
