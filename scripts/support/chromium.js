/** Debian's Chromium, started the way this machine's closed network needs (Playwright's launch options). */
const args = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The full browser, for the benchmark scripts, whose figures were taken with it. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args,
};

/**
 * The end-to-end tests' browser: Debian's headless shell (chromium-headless-shell), the same
 * engine without the full browser's windowing and compositing layers. The same 166 public and
 * accessibility tests took 151 s of CPU with it against 237 s with the full browser, and all
 * passed with both (bench/test-loop.md). E2E_CHROMIUM_PATH sets another browser.
 */
export const endToEndLaunchOptions = {
  executablePath: process.env.E2E_CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
  args,
};
