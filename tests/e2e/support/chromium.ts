// One set of launch options for the end-to-end tests and the benchmark scripts that drive a browser.
export { chromiumLaunchOptions } from "../../../scripts/support/chromium.js";
