/** The testing kit's one error of its own. */

/** A host this machine cannot run: its packages are missing, or it runs from a module the options did not name. */
export class HostUnavailableError extends Error {
  override name = "HostUnavailableError";
}
