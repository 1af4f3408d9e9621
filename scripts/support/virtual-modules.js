// `node --import tsx --import ./scripts/support/virtual-modules.js <script.ts>`: the build's
// virtual modules for scripts run outside Vite (the release benches), read from the same
// sources as the Vite plugin (served-paths.js).
import { register } from "node:module";

register("./virtual-modules-hooks.js", import.meta.url);
