import { useEffect, type ComponentProps } from "react";
import { useLocation, useNavigate } from "react-router";
import { resolveLink, serverLinks, type LinkTarget } from "./link-target";

type SiteLinkProps = Omit<ComponentProps<"a">, "href" | "target" | "rel"> & {
  to: string | undefined;
  /** Open in a new tab. Defaults to true for other sites, false for this one. */
  newTab?: boolean;
  /** For menus: marks the link of the current page with aria-current (styled in app.css). */
  nav?: boolean;
};

const NEW_TAB = { target: "_blank", rel: "noopener noreferrer" } as const;

// Where each stored URL leads, and its path without query or fragment, kept by the URL: a page
// has some thirty links, from a few dozen stored URLs, resolved with regular expressions on every
// render. The kept targets are shared and never changed.
const linkTargets = new Map<string, { target: LinkTarget; path: string }>();
const LINK_TARGETS_KEPT = 1000;

function linkTargetOf(to: string | undefined) {
  const key = to ?? "";
  let kept = linkTargets.get(key);
  if (kept === undefined) {
    const target = resolveLink(key);
    kept = { target, path: target.href.split(/[?#]/)[0]! };
    if (linkTargets.size >= LINK_TARGETS_KEPT) linkTargets.clear();
    linkTargets.set(key, kept);
  }
  return kept;
}

/**
 * Every link of the public site: pages of this site are navigated by the router (see
 * useRouterNavigation), other sites, files, mail and phone links by the browser; new-tab links
 * never expose this page.
 *
 * A plain anchor rather than React Router's <Link>: a page has some thirty links, and each
 * <Link> resolved its path and set up its click and prefetch handling on every render, a
 * tenth of the server's time per page.
 */
export function SiteLink({ to, newTab, nav = false, children, ...props }: SiteLinkProps) {
  const { pathname } = useLocation();
  const { target, path } = linkTargetOf(to);
  const opensNewTab = newTab ?? (target.kind === "document" && target.external);
  const isCurrent = nav && target.kind === "route" && path === pathname;
  return (
    <a
      // The server renders a page's links in its locale; the browser keeps them (a change of locale is a new document).
      href={import.meta.env.SSR ? serverLinks.localize(target.href) : target.href}
      // Lets React Router learn these routes ahead of a click, as it does for its own links.
      data-discover={target.kind === "route" ? "true" : undefined}
      aria-current={isCurrent ? "page" : undefined}
      {...(opensNewTab ? NEW_TAB : {})}
      {...props}
    >
      {children}
    </a>
  );
}

/** Whether a click on this anchor is a plain one that the router should take over. */
export function isRouterClick(
  event: Pick<MouseEvent, "defaultPrevented" | "button" | "metaKey" | "altKey" | "ctrlKey" | "shiftKey">,
  anchor: Pick<HTMLAnchorElement, "target" | "hasAttribute" | "getAttribute">,
) {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return false;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return false;
  const href = anchor.getAttribute("href");
  if (href === null) return false;
  // Only addresses written as this site's links write them; anything else the browser resolves.
  const target = resolveLink(href);
  return target.kind === "route" && target.href === href;
}

/**
 * Navigates plain clicks on links to pages of this site with the router, without reloading
 * the document, from one listener for the whole page. Modified clicks (new tab, new window,
 * download) and links elsewhere are left to the browser.
 */
export function useRouterNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    function onClick(event: MouseEvent) {
      const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(anchor instanceof HTMLAnchorElement) || !isRouterClick(event, anchor)) return;
      event.preventDefault();
      const href = anchor.getAttribute("href")!;
      const here = window.location.pathname + window.location.search + window.location.hash;
      // As React Router's links do: a click on the current page's link does not add a history entry.
      void navigate(href, { replace: href === here });
    }
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
