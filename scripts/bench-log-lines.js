// `node scripts/bench-log-lines.js [sync|async]`: what one request line costs, written as the
// server writes it (pino, to standard output) synchronously or in batches (app/platform/logger.server.ts).
// Run it with its output piped, as a server's is: `node scripts/bench-log-lines.js async | cat > /dev/null`
// (with taskset -c 0 / -c 1 to keep the two apart). Prints wall-clock and CPU microseconds per line
// to standard error, over 200,000 lines, yielding to the event loop every 20 lines as a server does.
import pino from "pino";

const mode = process.argv[2] === "sync" ? "sync" : "async";
const destination =
  mode === "sync"
    ? pino.destination({ dest: 1, sync: true })
    : pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 });
const logger = pino({ level: "info", base: undefined }, destination);
const lines = 200_000;

async function run() {
  for (let line = 0; line < lines; line++) {
    logger.info({ method: "GET", path: "/", status: 200, durationMs: 0.2, ip: "::ffff:127.0.0.1", cache: "hit" }, "request");
    if (line % 20 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
}

await run();
const started = process.hrtime.bigint();
const cpu = process.cpuUsage();
await run();
const used = process.cpuUsage(cpu);
destination.flushSync();
process.stderr.write(
  `${mode}: ${(Number(process.hrtime.bigint() - started) / 1e3 / lines).toFixed(2)} µs a line (wall clock), ${((used.user + used.system) / lines).toFixed(2)} µs of CPU\n`,
);
