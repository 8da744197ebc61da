/**
 * The h3 face: registerMcpRoute on a real h3 v2 app, reached by the SDK v2
 * client through the app's own `fetch` (no port), on the revision asked for.
 */
import { registerMcpRoute } from "@agntn/tools/h3";
import { H3 } from "h3";
import type { HostModule } from "../types.ts";
import { answerOf, connectFetch, type Revision } from "./mcp.ts";

export function h3(revision: Revision): HostModule {
  return {
    async open(options) {
      const app = new H3();
      const route = registerMcpRoute(app, options.server, options.tools);
      return connectFetch(
        (request) => app.fetch(request),
        revision,
        options,
        () => route.close(),
      );
    },
    answerOf,
  };
}
