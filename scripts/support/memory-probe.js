// Preloaded into a server by `node scripts/bench-memory.js` (node --import): it watches the
// process's resident memory and, each time it reaches a new peak, breaks it down by owner: the
// WebAssembly memories (PGlite's heap), V8's heap spaces, buffers outside it, glibc's malloc
// (the main arena and the per-thread ones), the code mapped from files and the rest. The
// breakdown at the peak is written as JSON to MEMORY_PROBE_FILE on SIGUSR2 and at exit.
import fs from "node:fs";
import v8 from "node:v8";

const output = process.env.MEMORY_PROBE_FILE;
const kilobytes = (name, text) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(text)?.[1] ?? 0);

/** Every WebAssembly.Memory made in this process, to read its size (PGlite makes one). */
const memories = [];
const NativeMemory = WebAssembly.Memory;
WebAssembly.Memory = new Proxy(NativeMemory, {
  construct(target, args) {
    const memory = Reflect.construct(target, args);
    memories.push({ memory, initial: args[0]?.initial, stack: new Error().stack?.split("\n")[3]?.trim() });
    return memory;
  },
});

/** The mappings of /proc/self/smaps with their resident kilobytes. */
function mappings() {
  const text = fs.readFileSync("/proc/self/smaps", "utf8");
  const result = [];
  let current;
  for (const line of text.split("\n")) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) {
      const start = BigInt(`0x${header[1]}`);
      const end = BigInt(`0x${header[2]}`);
      current = { start, end, size: Number((end - start) / 1024n), perms: header[3], path: header[4], rss: 0 };
      result.push(current);
    } else if (current && line.startsWith("Rss:")) current.rss = Number(/\d+/.exec(line)?.[0] ?? 0);
  }
  return result;
}

/**
 * Resident kilobytes by owner. A WebAssembly memory is a read-write mapping exactly its byteLength
 * long followed by V8's guard reservation (several GiB, no access); a glibc arena is a 64 MiB
 * aligned reservation whose start is read-write; file mappings are code and data of node, its
 * libraries and the ICU data. The rest, anonymous, is V8's heap pages, large malloc blocks
 * (mmapped, ArrayBuffers among them) and thread stacks.
 */
function breakdown() {
  const maps = mappings();
  const wasmLengths = memories.map(({ memory }) => memory.buffer.byteLength / 1024);
  const owners = { wasm: 0, mainArena: 0, threadArenas: 0, threadArenaCount: 0, files: 0, anonymousOther: 0, stacks: 0 };
  const largestFiles = new Map();
  for (let index = 0; index < maps.length; index++) {
    const map = maps[index];
    const next = maps[index + 1];
    if (map.rss === 0) continue;
    if (map.path === "[heap]") owners.mainArena += map.rss;
    else if (map.path.startsWith("[stack")) owners.stacks += map.rss;
    else if (map.path.startsWith("/")) {
      owners.files += map.rss;
      largestFiles.set(map.path, (largestFiles.get(map.path) ?? 0) + map.rss);
    } else if (map.perms.startsWith("rw") && wasmLengths.includes(map.size) && next?.start === map.end && next.perms === "---p") {
      owners.wasm += map.rss;
    } else if (
      map.perms.startsWith("rw") &&
      map.start % (64n * 1024n * 1024n) === 0n &&
      (map.size === 65536 || (next?.start === map.end && next.perms === "---p" && map.size + next.size === 65536))
    ) {
      owners.threadArenas += map.rss;
      owners.threadArenaCount++;
    } else owners.anonymousOther += map.rss;
  }
  const status = fs.readFileSync("/proc/self/status", "utf8");
  const heap = v8.getHeapStatistics();
  const usage = process.memoryUsage();
  return {
    rssKb: kilobytes("VmRSS", status),
    hwmKb: kilobytes("VmHWM", status),
    rssAnonKb: kilobytes("RssAnon", status),
    rssFileKb: kilobytes("RssFile", status),
    threads: kilobytes("Threads", status),
    owners,
    files: [...largestFiles].sort((a, b) => b[1] - a[1]).slice(0, 8),
    wasm: memories.map(({ memory, initial, stack }) => ({ byteLength: memory.buffer.byteLength, initialPages: initial, madeBy: stack })),
    v8: {
      totalPhysical: heap.total_physical_size,
      used: heap.used_heap_size,
      malloced: heap.malloced_memory,
      peakMalloced: heap.peak_malloced_memory,
      spaces: Object.fromEntries(v8.getHeapSpaceStatistics().map((space) => [space.space_name, space.physical_space_size])),
    },
    memoryUsage: usage,
    uptime: process.uptime(),
  };
}

let peak = { rssKb: 0 };
let samples = 0;
function sample() {
  const rss = kilobytes("VmRSS", fs.readFileSync("/proc/self/status", "utf8"));
  samples++;
  if (rss > peak.rssKb + 1024) peak = breakdown();
}
setInterval(sample, 100).unref();

function write() {
  if (output) fs.writeFileSync(output, JSON.stringify({ peak, now: breakdown(), samples }, null, 2));
}
process.on("SIGUSR2", write);
process.on("exit", write);
