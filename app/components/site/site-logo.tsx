import { classes } from "~/components/site/classes";
import { SiteImage } from "./site-image";
import type { SiteSettings } from "./use-site-settings";
import { useImageFallback } from "./use-image-fallback";

/**
 * The site's logo: the uploaded header or footer logo (the legacy `logo_url` when that is
 * unset), hidden if it fails to load; without an image, a built-in mark with the logo text.
 */
export function SiteLogo({ settings, placement }: { settings: SiteSettings; placement: "header" | "footer" }) {
  const uploaded = placement === "header" ? settings.header_logo_url : settings.footer_logo_url;
  const { src, ref, onError } = useImageFallback([uploaded || settings.logo_url]);
  const name = settings.site_logo || "";
  if (src) {
    return (
      <SiteImage
        ref={ref}
        src={src}
        onError={onError}
        // The header logo is in the first view; the footer's is not.
        loading={placement === "header" ? "eager" : "lazy"}
        alt={settings.logo_alt_text || name}
        className={classes("w-auto object-contain", placement === "header" ? "h-9 max-w-[180px]" : "h-8 max-w-[120px]")}
      />
    );
  }
  return (
    <span className="flex items-center gap-2.5">
      <span aria-hidden="true" className="logo-mark">
        {name.trim().charAt(0).toUpperCase()}
      </span>
      <span
        className={classes(
          "text-xl font-bold tracking-tight",
          placement === "header" ? "text-slate-900" : "text-brand-secondary-foreground",
        )}
      >
        {name}
      </span>
    </span>
  );
}
