import type { ComponentProps } from "react";
import { Link, useLocation } from "react-router";
import { resolveLink } from "./link-target";

type SiteLinkProps = Omit<ComponentProps<"a">, "href" | "target" | "rel"> & {
  to: string | undefined;
  /** Open in a new tab. Defaults to true for other sites, false for this one. */
  newTab?: boolean;
  /** For menus: marks the link of the current page with aria-current (styled in app.css). */
  nav?: boolean;
};

const NEW_TAB = { target: "_blank", rel: "noopener noreferrer" } as const;

/**
 * Every link of the public site: pages of this site go through the router, other sites,
 * files, mail and phone links through the browser; new-tab links never expose this page.
 */
export function SiteLink({ to, newTab, nav = false, children, ...props }: SiteLinkProps) {
  const { pathname } = useLocation();
  const target = resolveLink(to);
  const opensNewTab = newTab ?? (target.kind === "document" && target.external);
  const isCurrent = nav && target.kind === "route" && target.href.split(/[?#]/)[0] === pathname;
  const linkProps = {
    "aria-current": isCurrent ? ("page" as const) : undefined,
    ...(opensNewTab ? NEW_TAB : {}),
    ...props,
  };
  if (target.kind === "document") {
    return (
      <a href={target.href} {...linkProps}>
        {children}
      </a>
    );
  }
  return (
    <Link to={target.href} {...linkProps}>
      {children}
    </Link>
  );
}
