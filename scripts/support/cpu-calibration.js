// The CPU slowdown of the Lighthouse audits (scripts/support/lighthouse-run.js).

/**
 * The phone the audits emulate, as Lighthouse's benchmark index of its CPU. Lighthouse slows the
 * CPU by a factor of the machine it runs on (four by default), so a fixed factor emulates a faster
 * phone on a fast host and a slower one on a slow or busy host: the same build scored 100 on a
 * quiet developer machine (index about 2,800) and 94 on a CI machine (1,000–1,600). Each run is
 * calibrated instead, as Lighthouse's docs/throttling.md advises: the factor is the run's own
 * benchmark index divided by the phone's. The gates (98 for performance, FCP 1.0 s, LCP 1.5 s)
 * were set and met with the default four on a 2,800 machine, a phone of 700: that is the default,
 * between Lighthouse's own target (its four on a "high-end desktop" of 1,500–2,000, a phone of
 * 375–500) and DevTools' calibrated "mid-tier mobile" (a Pixel 5, 1,000). bench/landing-budget.md
 * has the pages' figures on a phone of 440 as well (LIGHTHOUSE_PHONE_BENCHMARK=440).
 */
export const PHONE_BENCHMARK_INDEX = Number(process.env.LIGHTHOUSE_PHONE_BENCHMARK ?? 700);

/** The CPU slowdown that makes a host of this benchmark index the phone above (never below 1: a host slower than the phone is audited as it is). */
export function cpuSlowdownFor(benchmarkIndex) {
  if (!(benchmarkIndex > 0)) throw new Error(`Lighthouse measured no benchmark index (${benchmarkIndex})`);
  return Math.max(1, Math.round((benchmarkIndex / PHONE_BENCHMARK_INDEX) * 100) / 100);
}
