import { inProcessBenchConfig } from "../in-process-config";

// `npm run bench:statistics`: the statistics dashboard over a million pageviews, in-process on each database.
export default inProcessBenchConfig(["bench/statistics/*.bench-run.ts"]);
