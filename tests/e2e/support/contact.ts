import { expect, type APIRequestContext, type BrowserContext } from "@playwright/test";
import { STAMP_COOKIE } from "../../../app/platform/hmac.server";

/** The contact form's minimum fill time on the servers these tests start (fixtures.ts). */
export const TEST_MIN_FILL_MS = 50;

/**
 * Waits until the contact form's fill-time stamp (the cookie its image sets) is there and old
 * enough for the server to take a message, instead of sleeping out a fixed time.
 */
export async function waitForContactStamp(context: BrowserContext | APIRequestContext, minFillMs = TEST_MIN_FILL_MS) {
  await expect
    .poll(
      async () => {
        const stamp = (await context.storageState()).cookies.find((cookie) => cookie.name === STAMP_COOKIE);
        return stamp ? Date.now() - Number(stamp.value.split(".")[0]) : -1;
      },
      { message: `a contact stamp at least ${minFillMs} ms old`, intervals: [25, 50, 100] },
    )
    .toBeGreaterThanOrEqual(minFillMs);
}
