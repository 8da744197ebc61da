// server.ts: the MCP endpoint refuses every request without an access token for it.
import { createJwtVerifier, createMcpHttpHandler } from "@agntn/tools/mcp";
import { serve } from "srvx";
import { tools } from "./tools.ts";

const issuer = "https://auth.example.com/";
const resource = "https://tools.example.com/mcp";

const handler = createMcpHttpHandler({ name: "slugs", version: "1.0.0" }, tools, {
  allowedHosts: ["tools.example.com"],
  auth: {
    // Signature (against the issuer's published keys), issuer, audience and expiry, checked by jose.
    verifier: createJwtVerifier({ issuer, audience: resource }),
    resource,
    authorizationServers: [issuer],
    resourceName: "Slugs",
  },
});
// Answers /mcp and the metadata at /.well-known/oauth-protected-resource/mcp.
serve({ port: 3000, fetch: handler.fetch });
