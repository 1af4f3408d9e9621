import type { Catalogue } from "../shape";

/** The backups section in English. */
export const backups = {
  title: "Backups",
  failedToLoad: "Could not load the list of backups",
  done: "Done",
  error: "Error",
  contents: "An archive holds every table of the database and every uploaded image with its copies.",
  schedule: (p: { every: string; keep: number }) => `Backups are made automatically every ${p.every}; the latest ${p.keep} are kept.`,
  scheduleOff: "Automatic backups are off (the BACKUP_EVERY variable).",
  hours: (p: { count: number }) => `${p.count} h`,
  minutes: (p: { count: number }) => `${p.count} min`,
  kilobytes: (p: { size: string }) => `${p.size} KB`,
  megabytes: (p: { size: string }) => `${p.size} MB`,
  entry: (p: { when: string; size: string }) => `${p.when} UTC · ${p.size}`,
  newCopy: "New backup",
  warning: "The archive holds the accounts with their password hashes and the open sessions. Keep it as safe as the database itself.",
  creating: "Creating…",
  create: "Create a backup",
  stored: "Stored backups",
  none: "No backups yet.",
  list: "Stored backups",
  downloadFile: (p: { name: string }) => `Download ${p.name}`,
  download: "Download",
  restoreTitle: "Restoring",
  restoreDescription:
    "A restore replaces the whole database and every image, so it is run as a command on the server while the site is stopped:",
  created: "Backup created",
  createFailed: "Could not create the backup",
  invalidName: "There is no such backup",
  invalidRequest: "Unknown action",
} satisfies Catalogue["backups"];
