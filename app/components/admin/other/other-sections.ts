import {
  ChartNoAxesCombined,
  CloudCog,
  DatabaseBackup,
  FileStack,
  Inbox,
  Languages,
  PackageCheck,
  ScrollText,
  SearchCheck,
  Signpost,
  UsersRound,
  type LucideIcon,
} from "lucide-react";

export interface OtherSection {
  /** The URL segment under /admin/other. */
  id: string;
  label: string;
  icon: LucideIcon;
}

/**
 * The sections of the 'Другое' tab, in order: the team's tools beyond the specification. Each
 * has its own route module `admin.other.<id>.tsx`; /admin/other opens the first one.
 */
export const otherSections: readonly OtherSection[] = [
  { id: "activity", label: "Журнал", icon: ScrollText },
  { id: "team", label: "Администраторы", icon: UsersRound },
  { id: "messages", label: "Сообщения", icon: Inbox },
  { id: "backups", label: "Резервные копии", icon: DatabaseBackup },
  { id: "releases", label: "Выпуски", icon: PackageCheck },
  { id: "statistics", label: "Статистика", icon: ChartNoAxesCombined },
  { id: "pages", label: "Страницы", icon: FileStack },
  { id: "redirects", label: "Переадресации", icon: Signpost },
  { id: "seo", label: "SEO страниц", icon: SearchCheck },
  { id: "edge", label: "Кэш CDN", icon: CloudCog },
  { id: "locales", label: "Языки", icon: Languages },
];

export const otherSectionPath = (section: OtherSection) => `/admin/other/${section.id}`;
