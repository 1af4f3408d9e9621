import { createContext, use, type ComponentPropsWithoutRef } from "react";
import { srcSetAddress, storedUploadPath, uploadAddress, type ImageInfo } from "~/features/uploads/upload-url";
import { useRootData } from "~/components/root-data";

/**
 * What a page knows of its own images beyond the root loader's (a landing page's block images):
 * their recorded size and WebP copies, by stored path. Read before the root's.
 */
export const PageImages = createContext<Record<string, ImageInfo> | undefined>(undefined);

type ImgProps = Omit<ComponentPropsWithoutRef<"img">, "src" | "width" | "height" | "srcSet">;

/**
 * An image from the content: its intrinsic size (so the page does not shift as it loads) and,
 * for uploads, the WebP copies as srcset, from what the server recorded at upload (the page's
 * own images through PageImages, else the root loader's). Below the fold by default (lazy); `priority` marks the image a page leads with.
 */
export function SiteImage({
  src,
  priority = false,
  sizes = "100vw",
  ...props
}: ImgProps & { src: string; priority?: boolean; ref?: React.Ref<HTMLImageElement> }) {
  const root = useRootData();
  const pageImages = use(PageImages);
  // Keyed by the stored path; a caller may hand over the address already (useImageFallback).
  const stored = storedUploadPath(src, root?.uploadsBase);
  const info = pageImages?.[stored] ?? root?.images?.[stored];
  return (
    <img
      src={uploadAddress(src, root?.uploadsBase)}
      width={info?.width}
      height={info?.height}
      srcSet={srcSetAddress(info?.srcSet, root?.uploadsBase)}
      sizes={info?.srcSet ? sizes : undefined}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      {...props}
      // The file's focal point: what a crop (`object-fit: cover`) keeps in view.
      style={info?.position ? { objectPosition: info.position, ...props.style } : props.style}
      loading={props.loading ?? (priority ? "eager" : "lazy")}
    />
  );
}
