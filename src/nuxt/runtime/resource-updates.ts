/**
 * Resource updates on the route: the bus the app names (`agntnTools.bus`, a
 * module exporting `bus`, e.g. over Redis so that every instance hears what
 * one announces) or one in this process's memory, and the server function an
 * app calls when a resource changed. Clients following the URI hear it on
 * either revision (./route-handler.ts hands the bus to the route's handler).
 */
import { sanitizeLine } from "@agntn/tools";
import { busOption, notifierOf } from "@agntn/tools/internal/nuxt";
import { bus as given } from "#agntn-tools/bus.mjs";

/** The route's bus, checked at start-up: a module whose `bus` lacks publish or subscribe stops the server. */
export const routeBus = busOption(given, "@agntn/tools/nuxt: agntnTools.bus", (error) =>
  console.error(`[@agntn/tools] resource update: ${sanitizeLine(error.message)}`),
);

const notifier = notifierOf(routeBus, "notifyMcpResourceUpdated");

/**
 * Tells every client following `uri` on the MCP route that the resource changed (auto-imported in server code).
 * It reads the resource again when it wants the new contents.
 */
export function notifyMcpResourceUpdated(uri: string): void {
  notifier.resourceUpdated(uri);
}
