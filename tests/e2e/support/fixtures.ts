import fs from "node:fs";
import { request, test as base } from "@playwright/test";
import { ADMIN, adminStorageState, MEMBER, memberStorageState, signUp } from "./accounts";
import { TEST_MIN_FILL_MS } from "./contact";
import { copyDatabaseTemplate } from "./database-template";
import { startIsolatedServer, type IsolatedServer } from "./isolated-server";
import { e2eDataDir, workerPort } from "./ports";

export * from "@playwright/test";
export { workerPort } from "./ports";

/**
 * The environment of every production server the end-to-end tests start: quiet logs, and
 * allowances that specs sending many sign-ins and messages from one address need (the limits
 * and the contact form's fill time have tests of their own).
 */
export const testServerEnv = {
  LOG_LEVEL: "warn",
  AUTH_RATE_LIMIT: "1000",
  CONTACT_RATE_LIMIT: "1000",
  CONTACT_MIN_FILL_MS: String(TEST_MIN_FILL_MS),
};

let workerServerUrl: string | undefined;

/**
 * The address of this worker's server, for what runs outside a test's own fixtures: a context
 * made by hand, a request in beforeAll/afterAll (where the test-scoped baseURL is not available).
 */
export function workerBaseUrl(): string {
  if (!workerServerUrl) throw new Error("The worker's server has not started yet");
  return workerServerUrl;
}

/**
 * Each Playwright worker has its own production server, on its own port (see ports.ts) and
 * DATA_DIR, so specs in different workers never see each other's content. The first account
 * signed up on it is the administrator, the second a plain member; specs reuse their sessions
 * (adminStorageState, memberStorageState). A worker restarted after a failure starts the
 * server again on the same DATA_DIR, so the content and the accounts carry on as they were.
 * A first start begins on a copy of the run's migrated, empty database (database-template.ts).
 */
export const test = base.extend<object, { workerServer: IsolatedServer }>({
  workerServer: [
    async ({}, use) => {
      const dataDir = e2eDataDir();
      const resumed = fs.existsSync(dataDir) && fs.existsSync(adminStorageState) && fs.existsSync(memberStorageState);
      if (!resumed) {
        fs.rmSync(dataDir, { recursive: true, force: true });
        copyDatabaseTemplate(dataDir);
      }
      const server = await startIsolatedServer({ port: workerPort(0), dataDir, env: testServerEnv, timeoutMs: 110_000 });
      if (!resumed) {
        for (const [account, file] of [
          [ADMIN, adminStorageState],
          [MEMBER, memberStorageState],
        ] as const) {
          const context = await request.newContext({ baseURL: server.url });
          await signUp(context, server.url, account);
          await context.storageState({ path: file });
          await context.dispose();
        }
      }
      workerServerUrl = server.url;
      await use(server);
      workerServerUrl = undefined;
      await server.stop({ keepData: true });
    },
    { scope: "worker", auto: true, timeout: 120_000 },
  ],
  baseURL: async ({ workerServer }, use) => use(workerServer.url),
});

export const expect = test.expect;
