import { inProcessBenchConfig } from "../in-process-config";

// `npm run bench:archive`: the archive's storage over a simulated year, opening a page as of a
// date, and a publish's time with the archive on and off, in-process on each database.
export default inProcessBenchConfig(["bench/archive/archive.bench-run.ts"]);
