/**
 * The Node this package needs, checked where a Nuxt build starts. Without it a
 * Node 20 user reads a crash deep inside the build (`….difference is not a
 * function`) or, at install, a conflict over some package they never named.
 */

/** The oldest Node release the package runs on: package.json `engines.node` is ">=22.19.0". */
export const OLDEST_NODE = { major: 22, minor: 19 } as const;

/** Why this Node cannot build with the module, or `undefined` when it can. `version` is `process.versions.node`. */
export function nodeVersionProblem(version: string): string | undefined {
  const [major = 0, minor = 0] = version.split(".").map((part) => Number.parseInt(part, 10) || 0);
  if (major > OLDEST_NODE.major || (major === OLDEST_NODE.major && minor >= OLDEST_NODE.minor)) return undefined;
  return `@agntn/tools needs Node ${OLDEST_NODE.major}.${OLDEST_NODE.minor} or later, and this is Node ${version}: switch to Node 22.19+ or 24 (nvm, fnm or volta) and run the build again.`;
}
