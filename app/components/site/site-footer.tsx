import type { MenuLink } from "./site-header";

export function SiteFooter({ settings, menu }: { settings: Record<string, string>; menu: MenuLink[] }) {
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="font-semibold text-white">{settings.company_name}</p>
          <p className="mt-2 text-sm">{settings.footer_description}</p>
        </div>
        <nav aria-label="Footer" className="flex flex-col gap-2 text-sm">
          {menu.map((item) => (
            <a key={item.id} href={item.url}>
              {item.label}
            </a>
          ))}
        </nav>
        <nav aria-label="Legal" className="flex flex-col gap-2 text-sm">
          <a href="/terms">Terms of Service</a>
          <a href="/privacy">Privacy Policy</a>
          <a href="/aml-kyc">AML/KYC Policy</a>
        </nav>
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-xs">{settings.footer_copyright}</p>
    </footer>
  );
}
