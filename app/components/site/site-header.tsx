import { Link } from "react-router";

export interface MenuLink {
  id: number;
  label: string;
  url: string;
}

export function SiteHeader({ settings, menu }: { settings: Record<string, string>; menu: MenuLink[] }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-6 px-4 py-4">
        <Link to="/" className="text-xl font-bold text-brand">
          {settings.site_logo}
        </Link>
        <nav aria-label="Main" className="flex flex-wrap gap-4 text-sm">
          {menu.map((item) => (
            <a key={item.id} href={item.url} className="text-slate-700 hover:text-brand">
              {item.label}
            </a>
          ))}
        </nav>
        <div className="flex gap-3 text-sm">
          <a href={settings.login_button_url}>{settings.login_button_text}</a>
          <a href={settings.signup_button_url} className="rounded-lg bg-brand px-3 py-1.5 text-white">
            {settings.signup_button_text}
          </a>
        </div>
      </div>
    </header>
  );
}
