import { inProcessBenchConfig } from "../in-process-config";

// `npm run bench:media`: the media library with 5,000 files: its first screen, its filters and
// "where used" for a file, in-process on each database.
export default inProcessBenchConfig(["bench/media/media.bench-run.ts"]);
