// Kept copies are compressed quickly when rendered (a visitor may be waiting for them) and again
// at the best settings once the content has been left unchanged for a while, so that a burst of
// saves does not spend ~40 ms of CPU per page and save on copies about to be replaced.
import { logger } from "~/platform/logger.server";
import { compressForCache, type CachedPage } from "./rendered-page";

/** How long after the last write or render the copies are recompressed. */
export const SETTLE_MS = 2000;

export function createRecompression(pages: Map<string, CachedPage>, settleMs = SETTLE_MS) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  async function recompressAll() {
    for (const [key, page] of pages) {
      if (page.compression === "best") continue;
      const better = await compressForCache(page, "best");
      // Kept only if the copy is still the current one (no write or new render meanwhile).
      if (pages.get(key) === page) pages.set(key, better);
    }
  }

  return {
    /** (Re)starts the wait: called on every content write and every kept render. */
    postpone() {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        running = running.then(recompressAll).catch((error: unknown) => logger.error({ err: error }, "page recompression failed"));
      }, settleMs);
      timer.unref();
    },
    /** Resolves when no recompression is waiting or running. */
    async idle() {
      while (timer) await new Promise((resolve) => setTimeout(resolve, 10));
      await running;
    },
  };
}
