// server/middleware-list.ts: the chain the module puts around every call, read and get on the route, outermost first.
import { auditLog } from "./middleware-audit.ts";
import { readCache } from "./middleware-cache.ts";
import { rateLimit } from "./middleware-rate-limit.ts";

export const middleware = [auditLog(), rateLimit({ calls: 60 }), readCache({ ttlMs: 30_000 })];
