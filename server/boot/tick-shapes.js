// Run first thing at start (server.js). Every `process.nextTick` makes an object literal
// `{ [async_id_symbol]: id, [trigger_async_id_symbol]: id, callback, args }`, and node:http calls it
// several times per answer. In some servers, by the timing of their start, the place in nextTick
// that adds the second id turned megamorphic for good, and every tick object was then built in
// V8's runtime: such a server answered cached pages markedly slower for its whole life (the
// profiles and counts: docs/performance.md, "Tick objects" and "Experiments behind the code").
// The likely cause is the ids' fields changing representation (small integer, double) as V8's
// tiers hand them to the literal, each change giving it a new hidden class.
//
// Making three such objects at start, with the ids as doubles, before node:http has run: every
// server started this way kept that place monomorphic and answered at the fast servers' rate.
// The objects are kept, so that V8 keeps their hidden classes.

import { createHook } from "node:async_hooks";

/** @type {object[]} */
const kept = [];

/**
 * Settles the hidden class of nextTick's tick objects. Returns false, changing nothing, when
 * this Node's tick objects are not the literal described above.
 * @returns {boolean}
 */
export function settleTickObjectShapes() {
  /** @type {object | undefined} */
  let tick;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === "TickObject") tick = resource;
    },
  }).enable();
  process.nextTick(() => {});
  hook.disable();
  if (!tick) return false;
  const symbols = Object.getOwnPropertySymbols(tick);
  const described = symbols.map((symbol) => symbol.description).join();
  if (described !== "async_id_symbol,trigger_async_id_symbol" || Object.keys(tick).join() !== "callback,args") return false;
  const [asyncId, triggerAsyncId] = /** @type {[symbol, symbol]} */ (symbols);
  for (const value of [0.5, 1.5, 2.5]) {
    kept.push({ [asyncId]: value, [triggerAsyncId]: value, callback: () => {}, args: [value] });
  }
  return true;
}
