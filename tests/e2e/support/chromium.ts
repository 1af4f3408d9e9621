// One set of launch options for the end-to-end tests (the benchmark scripts that drive a browser
// use the full one: scripts/support/chromium.js).
export { endToEndLaunchOptions as chromiumLaunchOptions } from "../../../scripts/support/chromium.js";
