import { useCallback, useEffect, useRef, useState, type SyntheticEvent } from "react";
import { uploadAddress } from "~/features/uploads/upload-url";
import { useUploadsBase } from "~/components/use-upload-address";

/**
 * Walks a chain of image sources: when one fails, the next is tried; when all have failed,
 * `src` is undefined so the caller can show its last resort. An image that failed before the
 * page hydrated (its error event fired before React listened) is caught on mount.
 */
export function useImageFallback(sources: readonly (string | undefined)[]) {
  const base = useUploadsBase();
  const chain = sources.filter((source): source is string => Boolean(source && source.trim())).map((source) => uploadAddress(source, base));
  const key = chain.join("\n");
  const [failed, setFailed] = useState(0);
  const image = useRef<HTMLImageElement>(null);

  // A new chain (an edited setting after navigation) starts again from its first source.
  useEffect(() => setFailed(0), [key]);

  // Counting by the failed source keeps one failure reported twice from skipping a source.
  const failSource = useCallback(
    (source: string | null) => {
      const index = source === null ? -1 : key.split("\n").indexOf(source);
      setFailed((count) => (index >= count ? index + 1 : count));
    },
    [key],
  );

  const onError = useCallback(
    (event: SyntheticEvent<HTMLImageElement>) => failSource(event.currentTarget.getAttribute("src")),
    [failSource],
  );

  useEffect(() => {
    const element = image.current;
    if (!element || !element.complete || element.naturalWidth > 0) return;
    // NOTE: an SVG without a size also reports no width in some browsers: decode() tells them apart.
    const source = element.getAttribute("src");
    element.decode().catch(() => failSource(source));
  }, [failed, failSource]);

  return { src: chain[failed], ref: image, onError };
}
