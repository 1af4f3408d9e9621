import type { Role } from "~/features/access/matrix";
import { formatDateTime as formatInLanguage } from "~/features/admin-i18n/format";
import type { AdminLanguage } from "~/features/admin-i18n/language";

/** Dates in the team section, in the administrator's language: the same text on the server and in the browser (UTC, no local zone). */
export const formatDateTime = (iso: string | null, language: AdminLanguage = "ru") =>
  iso ? `${formatInLanguage(language, iso, { date: "short", time: "short" })} UTC` : "—";

export const TEAM_ACTION = "/admin/other/team";

export interface TeamMemberView {
  id: string;
  email: string;
  createdAt: string;
  lastSignInAt: string | null;
  isAdmin: boolean;
  /** The dashboard role; null: none (the login screen). */
  role: Role | null;
  /** The locales a translator may change. */
  locales: string[];
  twoFactorEnabled: boolean;
  activeSessions: number;
}

export interface InvitationView {
  id: number;
  email: string;
  role: Role;
  createdAt: string;
  expiresAt: string;
}

export interface OwnSessionView {
  id: string;
  createdAt: string;
  updatedAt: string;
  ipAddress: string | null;
  userAgent: string | null;
  current: boolean;
}
