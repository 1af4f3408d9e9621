// What the dashboard's 'Кэш CDN' section shows (app/components/admin/other/edge-cache-panel.tsx).

/** One edge, by its name (kind and host: never a token). Dates are ISO strings. */
export interface EdgeTargetView {
  target: string;
  lastPurgeAt: string | null;
  pending: number;
  failure: { error: string; attempts: number; since: string } | null;
}

export interface EdgeCacheView {
  /** Whether public pages carry the edge's lifetimes and tags. */
  enabled: boolean;
  maxAge: number;
  staleIfError: number;
  targets: EdgeTargetView[];
}
