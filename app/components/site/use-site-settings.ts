import { useRootData } from "~/components/root-data";

export type SiteSettings = Record<string, string>;

/** The global settings, loaded once per page by the root route for the head and the pages. */
export function useSiteSettings(): SiteSettings {
  return useRootData()?.settings ?? {};
}
