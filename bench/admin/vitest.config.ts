import { inProcessBenchConfig } from "../in-process-config";

// `npm run bench:admin`: the dashboard's write and log timings, in-process on each database.
export default inProcessBenchConfig(["bench/admin/admin.bench-run.ts"]);
