// Two spellings of one address are one address: what the site answers for a redirect's target
// is found the way the server finds it (dot segments resolved, the fragment and query dropped,
// percent-encoding decoded, doubled and trailing slashes removed as the server's own redirect
// does, case ignored as the lookups do). No server-only imports: pure, shared with the editor.

const SITE = "https://site.invalid";

/**
 * The key the site looks a path up by, or undefined when the target leads off the site. With the
 * site's public `origin`, an absolute address on it (http or https) is the path it names.
 */
export function addressKey(target: string, origin?: string): string | undefined {
  let url: URL;
  try {
    url = new URL(target, SITE);
  } catch {
    return undefined;
  }
  const path = target.startsWith("/") && !target.startsWith("//");
  if (path ? url.origin !== SITE : !origin || !/^https?:$/.test(url.protocol) || url.host !== new URL(origin).host) return undefined;
  let key = url.pathname;
  try {
    key = decodeURIComponent(key);
  } catch {
    // A malformed escape is looked up as it is.
  }
  key = key.replace(/\/{2,}/g, "/");
  if (key.length > 1 && key.endsWith("/")) key = key.slice(0, -1);
  return key.toLowerCase();
}

/** Whether two targets lead to the same address of the site. */
export const sameAddress = (a: string, b: string) => {
  const key = addressKey(a);
  return key !== undefined && key === addressKey(b);
};

/**
 * Whether following the redirects that answer (`from` key -> target, as stored) from `start`
 * ever comes back to an address already passed: a visitor there would go round for ever.
 */
export function leadsToLoop(answering: ReadonlyMap<string, string>, start: string, origin?: string): boolean {
  const passed = new Set<string>();
  let key = addressKey(start, origin);
  while (key !== undefined) {
    if (passed.has(key)) return true;
    passed.add(key);
    const next = answering.get(key);
    if (next === undefined) return false;
    key = addressKey(next, origin);
  }
  return false;
}
