import { randomBytes } from "node:crypto";
import pg from "pg";
import { expect, test, type Browser, type Page } from "./fixtures";
import { startIsolatedServer, type IsolatedServer } from "./isolated-server";

// A server of a spec's own on a fresh PostgreSQL database: for specs that need several people
// (roles, four eyes, two administrators at once), which the spec gives their roles in SQL.
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export async function sql(connectionString: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

export interface PostgresServer {
  server: IsolatedServer;
  /** The spec's own database. */
  databaseUrl: string;
}

/**
 * Makes a database named after `name` and starts a server on it on `port` before the describe
 * block's tests; stops the server and drops the database after them. The returned object is
 * filled in by then.
 */
export function usePostgresServer(name: string, port: number): PostgresServer {
  const state = {} as PostgresServer;
  let database = "";
  test.beforeAll(async () => {
    database = `site_${name}_e2e_${Date.now()}_${randomBytes(3).toString("hex")}`;
    await sql(ADMIN_URL, `CREATE DATABASE "${database}"`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${database}`;
    state.databaseUrl = url.toString();
    state.server = await startIsolatedServer({ port, env: { DATABASE_URL: state.databaseUrl, AUTH_RATE_LIMIT: "1000" } });
  });
  test.afterAll(async () => {
    await state.server?.stop();
    if (database) await sql(ADMIN_URL, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  });
  return state;
}

/** The first account signed up on a fresh site is its administrator. */
export interface Account {
  email: string;
  password: string;
}

/** A new browser context on `url`, signed up (`signUp`) or signed in as `account`; its first page. */
export async function signedIn(
  browser: Browser,
  url: string,
  account: Account,
  signUp: boolean,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({ baseURL: url, ...(viewport ? { viewport } : {}) });
  const path = signUp ? "/api/auth/sign-up/email" : "/api/auth/sign-in/email";
  const answer = await context.request.post(path, { headers: { Origin: url }, data: { ...account, name: account.email.split("@")[0] } });
  expect(answer.ok()).toBe(true);
  return context.newPage();
}

/** Opens a dashboard page and waits until the router has hydrated it, so a click is the fetcher's, not a native post. */
export async function openHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(
    () => (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter?.state.initialized,
  );
}
