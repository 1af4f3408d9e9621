import { createContext, useContext } from "react";

/**
 * The live preview beside an editor: editors report what the administrator types (by its key,
 * `page/section`) before anything is saved; the split view (preview-split.tsx) sends it to its
 * frame. Outside a split view nothing listens and reporting does nothing.
 */
export interface LivePreview {
  report(key: string, value: string): void;
}

export const LivePreviewContext = createContext<LivePreview | null>(null);

export function useLivePreview(): LivePreview | null {
  return useContext(LivePreviewContext);
}
