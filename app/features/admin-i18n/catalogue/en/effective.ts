import type { Catalogue } from "../shape";

/** The effective date field in English. */
export const effective = {
  title: "Effective date",
  label: "Takes effect from",
  hint: "This page's changes in the release take effect at the start of this date (00:00 in the site's time zone). Schedule the release for that time; until then the page announces the new version and links to it.",
  onlyInRelease: "An effective date can be set while a release is open (Other → Releases).",
  current: (p: { date: string }) => `On the site now: effective from ${p.date}`,
  save: "Save date",
  saving: "Saving...",
  saved: "Effective date saved in the release",
  shortNotice: (p: { months: number }) =>
    `Note: this date is less than ${p.months} months away. The usual notice for changes to payment terms is ${p.months} months.`,
  answers: {
    onlyInRelease: "An effective date can only be set in a release: open a release and save again",
    past: "The effective date has already come: choose a date after today",
    invalid: "Invalid effective date: a date YYYY-MM-DD is expected",
    unknownPage: "Unknown page",
    failed: "Could not save the effective date",
  },
} satisfies Catalogue["effective"];
