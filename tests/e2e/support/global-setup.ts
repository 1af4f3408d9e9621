import { request, type FullConfig } from "@playwright/test";
import { ADMIN, adminStorageState, MEMBER, memberStorageState, signUp } from "./accounts";

/**
 * The e2e server starts on an empty database: the first account signed up here becomes the
 * administrator, the second stays a plain member. Specs reuse their sessions.
 */
export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]!.use.baseURL!;
  for (const [account, file] of [
    [ADMIN, adminStorageState],
    [MEMBER, memberStorageState],
  ] as const) {
    const context = await request.newContext({ baseURL });
    await signUp(context, baseURL, account);
    await context.storageState({ path: file });
    await context.dispose();
  }
}
