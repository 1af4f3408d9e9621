import { Outlet } from "react-router";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { getActiveMenu, getSettings } from "~/lib/content.server";
import type { Route } from "./+types/_public";

export const FOOTER_MENU_LIMIT = 6;

export async function loader() {
  const [settings, headerMenu, footerMenu] = await Promise.all([
    getSettings(),
    getActiveMenu("header"),
    getActiveMenu("footer"),
  ]);
  const toLink = (item: { id: number; displayName: string; url: string }) => ({
    id: item.id,
    label: item.displayName,
    url: item.url,
  });
  return {
    settings,
    headerMenu: headerMenu.map(toLink),
    footerMenu: footerMenu.slice(0, FOOTER_MENU_LIMIT).map(toLink),
  };
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  const { settings, headerMenu, footerMenu } = loaderData;
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader settings={settings} menu={headerMenu} />
      <main className="flex-1">
        <Outlet />
      </main>
      <SiteFooter settings={settings} menu={footerMenu} />
    </div>
  );
}
