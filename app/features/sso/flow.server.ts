// The authorization code flow with PKCE against the configured OpenID provider, through
// openid-client (docs/decisions/0018-openid-client-for-single-sign-on.md): `state`, `nonce` and the
// PKCE verifier travel in a signed, short-lived cookie; the ID token's signature, issuer, audience,
// expiry and nonce are checked by openid-client, `email_verified` here.
import { timingSafeEqual } from "node:crypto";
import * as oidc from "openid-client";
import { getEnv } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";
import type { SsoConfig } from "./config.server";
import { SSO_CALLBACK_PATH, type SsoRefusal } from "./messages";
import { withAuthCookies } from "./session.server";

const FLOW_COOKIE = "sso_flow";
const FLOW_SECONDS = 10 * 60;
/** How long the provider has to answer a request of ours (discovery, keys, token). */
const PROVIDER_TIMEOUT_SECONDS = 5;

interface FlowState {
  state: string;
  nonce: string;
  verifier: string;
}

export class SsoFailure extends Error {
  constructor(
    readonly reason: SsoRefusal,
    /** What failed, for the log and the activity log: an error code, never a token. */
    readonly check: string,
  ) {
    super(`${reason}: ${check}`);
  }
}

const configurations = new Map<string, oidc.Configuration>();
const keyOf = (config: SsoConfig) => `${config.issuer} ${config.clientId}`;

/**
 * The provider's metadata (discovery), fetched at the start of every sign-in, so a provider that
 * is down is told before the person is sent to it; the callback reuses it.
 */
async function discover(config: SsoConfig): Promise<oidc.Configuration> {
  const issuer = new URL(config.issuer);
  try {
    const configuration = await oidc.discovery(issuer, config.clientId, config.clientSecret, undefined, {
      timeout: PROVIDER_TIMEOUT_SECONDS,
      // Plain http only for a provider on this machine (env.server.ts refuses any other).
      execute: issuer.protocol === "http:" ? [oidc.allowInsecureRequests] : [],
    });
    configuration.timeout = PROVIDER_TIMEOUT_SECONDS;
    // The ID token's signature is checked against the provider's published keys, not taken on
    // trust because it came over the token endpoint's connection.
    oidc.enableNonRepudiationChecks(configuration);
    configurations.set(keyOf(config), configuration);
    return configuration;
  } catch (error) {
    configurations.delete(keyOf(config));
    throw new SsoFailure("unavailable", errorCode(error));
  }
}

const redirectUri = (request: Request) => `${getEnv().PUBLIC_URL ?? new URL(request.url).origin}${SSO_CALLBACK_PATH}`;

/** Starts a sign-in: the provider's authorization URL, and the flow cookie to answer with. */
export async function startFlow(request: Request, config: SsoConfig) {
  const configuration = await discover(config);
  const flow: FlowState = { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier() };
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri(request),
    scope: "openid email profile",
    response_type: "code",
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: "S256",
  });
  const { headers } = await withAuthCookies(request, async (ctx) => {
    const cookie = ctx.context.createAuthCookie(FLOW_COOKIE, { maxAge: FLOW_SECONDS });
    await ctx.setSignedCookie(cookie.name, Buffer.from(JSON.stringify(flow)).toString("base64url"), ctx.context.secret, cookie.attributes);
    return null;
  });
  return { url, headers };
}

/** The flow cookie of this browser (signed by this site), and the header that clears it. */
async function readFlow(request: Request) {
  const { headers, response } = await withAuthCookies<FlowState | null>(request, async (ctx) => {
    const cookie = ctx.context.createAuthCookie(FLOW_COOKIE);
    const value = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
    ctx.setCookie(cookie.name, "", { ...cookie.attributes, maxAge: 0 });
    if (typeof value !== "string" || !value) return null;
    try {
      const parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as Partial<FlowState>;
      return typeof parsed.state === "string" && typeof parsed.nonce === "string" && typeof parsed.verifier === "string"
        ? (parsed as FlowState)
        : null;
    } catch {
      return null;
    }
  });
  return { flow: response, clear: headers };
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export interface ProviderSignIn {
  subject: string;
  email: string;
  name: string | null;
  claims: Record<string, unknown>;
}

/**
 * Finishes a sign-in at the callback: the flow cookie's state against the answer's, the code
 * exchanged with the PKCE verifier, the ID token checked. Throws an SsoFailure for anything wrong.
 * `clear` always clears the flow cookie (a flow is used once).
 */
export async function finishFlow(
  request: Request,
  config: SsoConfig,
): Promise<{ signIn?: ProviderSignIn; failure?: SsoFailure; clear: Headers }> {
  const { flow, clear } = await readFlow(request);
  try {
    return { signIn: await exchange(request, config, flow), clear };
  } catch (error) {
    if (error instanceof SsoFailure) return { failure: error, clear };
    throw error;
  }
}

async function exchange(request: Request, config: SsoConfig, flow: FlowState | null): Promise<ProviderSignIn> {
  const query = new URL(request.url).searchParams;
  if (!flow) throw new SsoFailure("expired", "no_flow_cookie");
  const returnedState = query.get("state") ?? "";
  if (!sameText(returnedState, flow.state)) throw new SsoFailure("state", "state_mismatch");
  if (query.has("error"))
    throw new SsoFailure("cancelled", `provider_error:${(query.get("error") ?? "").replace(/[^a-z_]/g, "").slice(0, 40)}`);
  const configuration = configurations.get(keyOf(config)) ?? (await discover(config));
  const callback = new URL(redirectUri(request));
  callback.search = new URL(request.url).search;
  let claims: Record<string, unknown>;
  try {
    const tokens = await oidc.authorizationCodeGrant(configuration, callback, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    claims = { ...(tokens.claims() ?? {}) };
  } catch (error) {
    const code = errorCode(error);
    logger.warn({ check: code, message: error instanceof Error ? error.message.slice(0, 200) : undefined }, "single sign-on refused");
    throw new SsoFailure(isNetworkError(error) ? "unavailable" : "token", code);
  }
  const subject = typeof claims.sub === "string" ? claims.sub : "";
  const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
  if (!subject || !email || !/^[^@\s]+@[^@\s]+$/.test(email) || email.length > 254) throw new SsoFailure("no_email", "no_email_claim");
  if (claims.email_verified !== true) throw new SsoFailure("unverified_email", "email_not_verified");
  return { subject, email, name: typeof claims.name === "string" ? claims.name : null, claims };
}

/** An error's code, as openid-client and oauth4webapi name them (e.g. OAUTH_JWT_CLAIM_COMPARISON_FAILED), or its kind. */
function errorCode(error: unknown): string {
  if (error instanceof oidc.ResponseBodyError) return `provider:${error.error}`.slice(0, 80);
  const code = (error as { code?: unknown } | null)?.code;
  // oauth4webapi's own message says which check failed ('unexpected JWT "aud" (audience) claim
  // value', 'JWT signature verification failed'); it names claims, never their values.
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : error instanceof Error ? error.message : "";
  if (typeof code === "string") return `${code}: ${cause.replace(/[^\w "().,-]/g, "").slice(0, 100)}`.slice(0, 200);
  if (isNetworkError(error)) return "network";
  return error instanceof Error ? error.name : "unknown";
}

function isNetworkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === "AbortError" || error.name === "TimeoutError") return true;
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) return true;
  return error.cause instanceof Error
    ? isNetworkError(error.cause) || /ECONNREFUSED|ECONNRESET|ENOTFOUND|ETIMEDOUT/.test(String((error.cause as { code?: unknown }).code))
    : false;
}
