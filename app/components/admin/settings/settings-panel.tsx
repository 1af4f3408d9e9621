import { useNavigate, useNavigation, useRevalidator } from "react-router";
import { PageLinksPanel } from "~/components/admin/page-links/page-links-panel";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import type { PageLink } from "~/features/content/page-links/schema";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { SettingImageCard } from "./setting-image-card";
import { SettingValueCard } from "./setting-value-card";
import { cardsFor, settingsTabs, type SettingsTabId } from "./settings-tabs";

export interface SettingsPanelProps {
  tab: SettingsTabId;
  /** null when they could not be read. */
  settings: Record<string, string> | null;
  pageLinks: PageLink[] | null;
}

/** 'Глобальные настройки': ten tabs, each in the URL (/admin/settings/:tab). */
export function SettingsPanel({ tab, settings, pageLinks }: SettingsPanelProps) {
  const { m } = useMessages();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const loading =
    revalidator.state === "loading" || (navigation.state === "loading" && navigation.location.pathname.startsWith("/admin/settings"));
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-xl font-semibold">{m.settings.title}</h2>
        {loading ? (
          <p role="status" className="text-sm text-slate-500">
            {m.settings.loading}
          </p>
        ) : null}
      </div>
      <Tabs value={tab} onValueChange={(next) => void navigate(`/admin/settings/${next}`, { preventScrollReset: true })}>
        <TabsList aria-label={m.settings.sections}>
          {settingsTabs.map((entry) => (
            <TabsTrigger key={entry.id} value={entry.id}>
              {m.settings.tabs[entry.id]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={tab}>
          {tab === "links" ? (
            <PageLinksPanel links={pageLinks} />
          ) : settings ? (
            <div className="grid gap-4 lg:grid-cols-2">
              {cardsFor(tab, m.settings).map((card) =>
                card.kind === "image" ? (
                  <SettingImageCard key={card.section} card={card} value={settings[card.section] ?? ""} />
                ) : (
                  <SettingValueCard key={card.section} card={card} value={settings[card.section] ?? ""} />
                ),
              )}
            </div>
          ) : (
            <p className="text-sm text-slate-600">{m.settings.loadFailed}</p>
          )}
        </TabsContent>
      </Tabs>
    </section>
  );
}
