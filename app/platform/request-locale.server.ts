// The locale a public request is answered in: set by the server from the path's prefix
// (`/de/fees` → `de`) around the render, read by the public readers (content, menus, SEO).
// Outside a request (the dashboard, the tests' direct loader calls) there is none: the default.
import { AsyncLocalStorage } from "node:async_hooks";

export interface RequestLocale {
  /** The locale's code (`de`). */
  code: string;
  /** The path's prefix for it: `/de`, or "" for the site's default locale. */
  prefix: string;
  /** The site's default locale (served without a prefix). */
  defaultCode: string;
  /** False for a prefix of a locale that is not switched on (or drafted, outside a preview): a 404. */
  served: boolean;
  /** Addresses this render links as they are, in another locale (the language switcher's). */
  readonly asWritten?: Set<string>;
}

const storage = new AsyncLocalStorage<RequestLocale | undefined>();

/** The locale the current request renders in; undefined outside a public request. */
export const currentRequestLocale = (): RequestLocale | undefined => storage.getStore();

export function runInRequestLocale<T>(locale: RequestLocale | undefined, task: () => T): T {
  return storage.run(locale, task);
}
