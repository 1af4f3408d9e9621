import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { workerPort } from "./ports";

export const ADMIN = { email: "admin@example.com", password: "admin-password-1" };
export const MEMBER = { email: "member@example.com", password: "member-password-1" };

// The sessions of this worker's server (see fixtures.ts): every worker signs its own accounts up.
const authDirectory = path.resolve("test-results/.auth");
export const adminStorageState = path.join(authDirectory, `admin-${workerPort(0)}.json`);
export const memberStorageState = path.join(authDirectory, `member-${workerPort(0)}.json`);

/** Signs up through the auth API (as a browser would, with its Origin) and keeps the session cookie. */
export async function signUp(request: APIRequestContext, baseURL: string, account: typeof ADMIN) {
  const response = await request.post(`${baseURL}/api/auth/sign-up/email`, {
    headers: { Origin: baseURL },
    data: { ...account, name: account.email.split("@")[0] },
  });
  if (!response.ok()) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  return response;
}

export async function signIn(request: APIRequestContext, baseURL: string, account: typeof ADMIN) {
  const response = await request.post(`${baseURL}/api/auth/sign-in/email`, {
    headers: { Origin: baseURL },
    data: account,
  });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
  return response;
}
