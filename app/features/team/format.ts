import type { Role } from "~/features/access/matrix";

/** Dates in the team section: the same text on the server and in the browser (no local zone). */
const dateTime = new Intl.DateTimeFormat("ru-RU", { dateStyle: "short", timeStyle: "short", timeZone: "UTC" });

export const formatDateTime = (iso: string | null) => (iso ? `${dateTime.format(new Date(iso))} UTC` : "—");

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
