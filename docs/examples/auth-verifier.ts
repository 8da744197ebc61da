// server/verifier.ts: tokens that are not JWTs, checked by the provider's introspection endpoint (RFC 7662).
// Named in nuxt.config as agntnTools.auth.verifier: "~~/server/verifier".
import type { OAuthTokenVerifier } from "@modelcontextprotocol/server";
import { OAuthError, OAuthErrorCode } from "@modelcontextprotocol/server";

const endpoint = "https://auth.example.com/oauth/introspect";

export const verifier: OAuthTokenVerifier = {
  async verifyAccessToken(token) {
    const response = await fetch(endpoint, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${process.env.INTROSPECTION_CREDENTIALS}` },
      body: new URLSearchParams({ token }),
    });
    const answer = (await response.json()) as {
      active?: boolean;
      client_id?: string;
      scope?: string;
      exp?: number;
      aud?: string;
      sub?: string;
    };
    if (!answer.active || !answer.client_id || !answer.aud)
      throw new OAuthError(OAuthErrorCode.InvalidToken, "The access token is not active");
    return {
      token,
      clientId: answer.client_id,
      scopes: (answer.scope ?? "").split(" ").filter(Boolean),
      expiresAt: answer.exp,
      resource: new URL(answer.aud),
      extra: { subject: answer.sub },
    };
  },
};
