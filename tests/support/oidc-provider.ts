// A real OpenID Connect provider for the single sign-on tests: oidc-provider (a certified
// implementation) on an ephemeral port of 127.0.0.1, with its own sign-in page, test accounts and
// a hook that can rewrite the ID token its token endpoint answers (to show that each check of
// the site refuses a token that fails it). Started and stopped by the test that uses it.
import { createPrivateKey, generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export interface TestAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
  groups?: string[];
  /** What the provider reports as the ways it signed the person in (RFC 8176). */
  amr?: string[];
}

export const CLIENT_ID = "valora-site";
export const CLIENT_SECRET = "test-client-secret-of-the-site-0123456789";
export const OTHER_CLIENT_ID = "another-app";

export interface TestProvider {
  issuer: string;
  /** Accounts by login name (the sign-in page's field). */
  accounts: Map<string, TestAccount>;
  /** Rewrites the next ID tokens the token endpoint answers; null: answer them as issued. */
  tamper:
    ((claims: Record<string, unknown>, header: Record<string, unknown>) => { claims: Record<string, unknown>; key?: KeyObject }) | null;
  /** The key the provider signs with, and its key id, to re-sign a rewritten token. */
  signingKey: KeyObject;
  kid: string;
  stop(): Promise<void>;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** Signs claims as a JWS (RS256) with `key` under the header's key id. */
export function signJwt(header: Record<string, unknown>, claims: Record<string, unknown>, key: KeyObject) {
  const input = `${b64({ ...header, alg: "RS256" })}.${b64(claims)}`;
  return `${input}.${sign("sha256", Buffer.from(input), key).toString("base64url")}`;
}

export const otherKey = () => generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test provider · Sign in</title></head><body>${body}</body></html>`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readBody(req: http.IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/**
 * Starts the provider for a site whose callback is `redirectUri`. Its sign-in page is
 * /interaction/:uid: a form with the account's login name (any password is taken).
 */
// long-function: the provider's whole configuration, its sign-in page and its token hook in one place
export async function startTestProvider(redirectUri: string): Promise<TestProvider> {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const kid = "test-key-1";
  const jwk = { ...privateKey.export({ format: "jwk" }), kid, use: "sig", alg: "RS256" };
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, TestAccount>();
  const bySub = (sub: string) => [...accounts.values()].find((account) => account.sub === sub);
  const state: TestProvider = {
    issuer,
    accounts,
    tamper: null,
    signingKey: createPrivateKey({ key: jwk, format: "jwk" }),
    kid,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: "client_secret_post",
      },
      { client_id: OTHER_CLIENT_ID, client_secret: "another-secret-0123456789", redirect_uris: [redirectUri] },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ["test-provider-cookie-key-0123456789"] },
    claims: { amr: null, openid: ["sub", "amr"], email: ["email", "email_verified"], profile: ["name", "groups"] },
    // The claims go into the ID token itself (the site reads only the ID token).
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, sub: string) => {
      const found = bySub(sub);
      if (!found) return undefined;
      const { amr: _amr, ...claims } = found;
      return { accountId: sub, claims: () => claims };
    },
  });
  // The ID token the token endpoint answers, rewritten when a test asks.
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path !== "/token" || !state.tamper || !body?.id_token) return;
    const [header, payload] = body.id_token
      .split(".")
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Record<string, unknown>);
    const rewritten = state.tamper(payload!, header!);
    body.id_token = signJwt(header!, rewritten.claims, rewritten.key ?? state.signingKey);
  });
  const callback = provider.callback();
  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const match = /^\/interaction\/([\w-]+)$/.exec(req.url ?? "");
    if (!match) return callback(req, res);
    void interaction(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  async function interaction(req: http.IncomingMessage, res: http.ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (req.method === "GET") {
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.end(
        page(`<main><h1>Test identity provider</h1><form method="post" action="/interaction/${escapeHtml(details.uid)}">
<label>Login <input name="login" autocomplete="username"></label>
<label>Password <input name="password" type="password" autocomplete="current-password"></label>
<button type="submit">Sign in to the provider</button></form></main>`),
      );
      return;
    }
    const form = await readBody(req);
    const account = accounts.get(form.get("login") ?? "");
    if (!account) {
      res.statusCode = 401;
      res.end(page("<p>Unknown account</p>"));
      return;
    }
    const grant = new provider.Grant({ accountId: account.sub, clientId: details.params.client_id! });
    grant.addOIDCScope(details.params.scope ?? "openid");
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: account.sub, ...(account.amr ? { amr: account.amr } : {}) }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }
  return state;
}

/** A browser's cookies at the provider, for a test that walks its pages with fetch. */
export class ProviderJar {
  private cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      if (/expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0/i.test(line)) this.cookies.delete(pair!.slice(0, at));
      else this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  }
  get header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/**
 * Walks the provider's pages as a browser would, from the authorization URL the site redirected
 * to: its sign-in page, the account's login, and back: answers the site's callback URL (with the
 * code and state), or the provider's last answer when it did not redirect there.
 */
export async function signInAtProvider(authorizationUrl: string, login: string, callbackPrefix: string) {
  const jar = new ProviderJar();
  let url = authorizationUrl;
  let init: RequestInit = {};
  for (let step = 0; step < 10; step++) {
    const response = await fetch(url, { ...init, redirect: "manual", headers: { ...(init.headers ?? {}), cookie: jar.header } });
    jar.take(response);
    const location = response.headers.get("location");
    if (location) {
      const next = new URL(location, url).href;
      if (next.startsWith(callbackPrefix)) return next;
      url = next;
      init = {};
      continue;
    }
    if (response.status === 200 && /\/interaction\//.test(url)) {
      await response.text();
      init = {
        method: "POST",
        body: new URLSearchParams({ login, password: "any" }),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      };
      continue;
    }
    throw new Error(`provider answered ${response.status} at ${url}: ${(await response.text()).slice(0, 300)}`);
  }
  throw new Error("the provider did not send the browser back");
}
