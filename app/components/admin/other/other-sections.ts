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
import { roleAllows, type Permission } from "~/features/access/matrix";

export interface OtherSection {
  /** The URL segment under /admin/other. */
  id: string;
  label: string;
  icon: LucideIcon;
  /** What the section needs (app/features/access/matrix.ts); null: anyone with a role (their own account). */
  permission: Permission | null;
}

/**
 * The sections of the 'Другое' tab, in order: the team's tools beyond the specification. Each
 * has its own route module `admin.other.<id>.tsx`; /admin/other opens the first one.
 */
export const otherSections: readonly OtherSection[] = [
  { id: "activity", label: "Журнал", icon: ScrollText, permission: "activity.view" },
  { id: "team", label: "Команда", icon: UsersRound, permission: null },
  { id: "messages", label: "Сообщения", icon: Inbox, permission: "messages.read" },
  { id: "backups", label: "Резервные копии", icon: DatabaseBackup, permission: "backups.manage" },
  { id: "releases", label: "Выпуски", icon: PackageCheck, permission: "releases.view" },
  { id: "statistics", label: "Статистика", icon: ChartNoAxesCombined, permission: "statistics.view" },
  { id: "pages", label: "Страницы", icon: FileStack, permission: "content.edit" },
  { id: "redirects", label: "Переадресации", icon: Signpost, permission: "redirects.edit" },
  { id: "seo", label: "SEO страниц", icon: SearchCheck, permission: "content.edit" },
  { id: "edge", label: "Кэш CDN", icon: CloudCog, permission: "settings.edit" },
  { id: "locales", label: "Языки", icon: Languages, permission: "settings.edit" },
];

/** The sections a role may open, in order. */
export const sectionsFor = (role: string | null) =>
  otherSections.filter((section) => section.permission === null || roleAllows(role, section.permission));

export const otherSectionPath = (section: OtherSection) => `/admin/other/${section.id}`;
