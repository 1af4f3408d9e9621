// What `npm start` sets before node starts: settings read only when a process starts, which
// server.js therefore cannot set for itself. package.json's start script sets the same (a test
// compares them), and the benchmarks and the end-to-end tests start their servers with them.
// Measured in bench/memory.md.

/**
 * glibc: at most two malloc arenas. By default each thread that allocates (V8's compiler and
 * collector threads, libuv's pool compressing pages) may get an arena of its own, up to eight per
 * core, and each keeps what it freed; with two, the server's peak was some 20 MB lower.
 */
export const startEnvironment = { MALLOC_ARENA_MAX: "2" };

/**
 * V8: a young generation of 2 × 8 MB instead of 2 × 16 MB. Objects live during a render are
 * far fewer than that, so collections stay cheap; the peak was some 15-20 MB lower.
 */
export const startNodeOptions = "--max-semi-space-size=8";

/**
 * The environment of a server started as `npm start` starts it: these settings first, then `env`
 * (whose MALLOC_ARENA_MAX wins, and whose NODE_OPTIONS come after, so that its flags win).
 * @param {Record<string, string | undefined>} env
 * @returns {Record<string, string | undefined>}
 */
export function withStartSettings(env) {
  return {
    ...startEnvironment,
    ...env,
    NODE_OPTIONS: [startNodeOptions, env.NODE_OPTIONS].filter(Boolean).join(" "),
  };
}
