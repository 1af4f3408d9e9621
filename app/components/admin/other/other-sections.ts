import {
  Archive,
  ChartNoAxesCombined,
  CloudCog,
  DatabaseBackup,
  FileStack,
  Inbox,
  Images,
  Languages,
  PackageCheck,
  ScrollText,
  SearchCheck,
  Signpost,
  UsersRound,
  type LucideIcon,
} from "lucide-react";
import { editsDefaultLocale, roleAllows, type Permission } from "~/features/access/matrix";
import type { other as ruOther } from "~/features/admin-i18n/catalogue/ru/other";

export type OtherSectionId = keyof typeof ruOther.sections;

export interface OtherSection {
  /** The URL segment under /admin/other; the catalogue's `other.sections` names it. */
  id: OtherSectionId;
  icon: LucideIcon;
  /** What the section needs (app/features/access/matrix.ts); null: anyone with a role (their own account). */
  permission: Permission | null;
  /** Edits the default locale only: not shown to a translator without it. */
  defaultLocaleOnly?: boolean;
}

/**
 * The sections of the 'Другое' tab, in order: the team's tools beyond the specification. Each
 * has its own route module `admin.other.<id>.tsx`; /admin/other opens the first one.
 */
export const otherSections: readonly OtherSection[] = [
  { id: "activity", icon: ScrollText, permission: "activity.view" },
  { id: "team", icon: UsersRound, permission: null },
  { id: "messages", icon: Inbox, permission: "messages.read" },
  { id: "backups", icon: DatabaseBackup, permission: "backups.manage" },
  { id: "releases", icon: PackageCheck, permission: "releases.view" },
  { id: "statistics", icon: ChartNoAxesCombined, permission: "statistics.view" },
  { id: "pages", icon: FileStack, permission: "content.edit", defaultLocaleOnly: true },
  { id: "redirects", icon: Signpost, permission: "redirects.edit" },
  { id: "seo", icon: SearchCheck, permission: "content.edit", defaultLocaleOnly: true },
  { id: "edge", icon: CloudCog, permission: "settings.edit" },
  { id: "locales", icon: Languages, permission: "settings.edit" },
  { id: "archive", icon: Archive, permission: "archive.view" },
  { id: "media", icon: Images, permission: "uploads.create" },
];

/** The sections a role (with a translator's locales) may open, in order. */
export const sectionsFor = (role: string | null, locales?: readonly string[]) =>
  otherSections.filter(
    (section) =>
      (section.permission === null || roleAllows(role, section.permission)) &&
      (!section.defaultLocaleOnly || editsDefaultLocale(role, locales)),
  );

export const otherSectionPath = (section: OtherSection) => `/admin/other/${section.id}`;
