// tenants.ts: one server for many customers; each caller is listed only its own tenant's tools.
import { type Caller, defineTool, Type } from "@agntn/tools";
import { createJwtVerifier, createMcpHttpHandler } from "@agntn/tools/mcp";

/** The tenant the token was issued for: a claim your authorization server adds. */
const tenantOf = (caller: Caller | undefined) => caller?.claims.tenant;

export const acmeInvoices = defineTool({
  name: "acme_invoices",
  title: "Acme Invoices",
  description: "List Acme's open invoices.",
  effect: "read",
  input: Type.Object({}, { additionalProperties: false }),
  visibleTo: (caller) => tenantOf(caller) === "acme",
  execute: () => ({ content: [{ type: "text", text: "2 open invoices" }] }),
});

export const globexOrders = defineTool({
  name: "globex_orders",
  title: "Globex Orders",
  description: "List Globex's orders of today.",
  effect: "read",
  input: Type.Object({}, { additionalProperties: false }),
  // A predicate may answer later, e.g. after asking a database which plan the tenant is on.
  visibleTo: async (caller) => tenantOf(caller) === "globex",
  execute: () => ({ content: [{ type: "text", text: "5 orders today" }] }),
});

export const tools = [acmeInvoices, globexOrders];

const issuer = "https://auth.example.com/";
const resource = "https://tools.example.com/mcp";

export const handler = createMcpHttpHandler({ name: "tenants", version: "1.0.0" }, tools, {
  allowedHosts: ["tools.example.com"],
  auth: { verifier: createJwtVerifier({ issuer, audience: resource }), resource, authorizationServers: [issuer] },
  // Kept for a minute; the list depends on the caller, so 2026-07-28 clients are told it is private.
  cacheHints: { "tools/list": { ttlMs: 60_000, scope: "public" } },
  // A predicate that throws hides its tool; the reason arrives here, as one line.
  onerror: (error) => console.error(error.message),
});
