// `npm start`: builds the site when there is no build or the sources are newer, then serves it.
import path from "node:path";
import { ensureBuild, root } from "./support/ensure-build.js";

ensureBuild();
process.env.NODE_ENV = "production";
await import(path.join(root, "server.js"));
