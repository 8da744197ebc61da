// admin.ts: a tool only administrators are listed, and a server that lists only what a token may call.
import { defineTool, Type } from "@agntn/tools";
import { createJwtVerifier, createMcpHttpHandler } from "@agntn/tools/mcp";
import { tools } from "./tools.ts";

export const usersDelete = defineTool({
  name: "users_delete",
  title: "Delete a User",
  description: "Delete a user account and everything it owns.",
  effect: "destructive",
  input: Type.Object({ id: Type.String() }, { additionalProperties: false }),
  visibleTo: (caller) => Array.isArray(caller?.claims.roles) && caller.claims.roles.includes("admin"),
  execute: ({ id }) => ({ content: [{ type: "text", text: `Deleted user ${id}.` }] }),
});

const issuer = "https://auth.example.com/";
const resource = "https://tools.example.com/mcp";

export const handler = createMcpHttpHandler({ name: "admin", version: "1.0.0" }, [...tools, usersDelete], {
  allowedHosts: ["tools.example.com"],
  auth: {
    verifier: createJwtVerifier({ issuer, audience: resource }),
    resource,
    authorizationServers: [issuer],
    // A read-only token is listed only the read tools, and a call of any other answers as an unknown name.
    hideOutOfScope: true,
  },
});
