import { HistoryDialog } from "~/components/admin/history/history-dialog";
import { ImageUploadField } from "~/components/admin/image-upload";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { replaceFaviconLinks } from "./favicon";
import type { SettingCard } from "./settings-tabs";
import { useMessages } from "~/components/admin/i18n/messages-context";

/** An image setting: upload, preview and remove; the favicon also changes the open page's icon. */
export function SettingImageCard({ card, value }: { card: SettingCard; value: string }) {
  const { m } = useMessages();
  return (
    <Card data-testid={`setting-${card.section}`}>
      <CardHeader>
        <div className="flex items-start justify-between gap-2">
          <CardTitle>{card.title}</CardTitle>
          <HistoryDialog historyKey={`global/${card.section}`} title={card.title} />
        </div>
        <CardDescription>
          {card.description ?? m.settings.imageShown}. <code className="text-xs text-slate-500">{card.section}</code>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ImageUploadField
          target={{ page: "global", section: card.section }}
          value={value}
          onChange={card.section === "favicon_url" ? replaceFaviconLinks : undefined}
        />
      </CardContent>
    </Card>
  );
}
