/**
 * Messages from the contact form are deleted after this many days unless CONTACT_KEEP_DAYS says
 * otherwise. The environment's default and the default privacy page both state it.
 */
export const CONTACT_KEEP_DAYS_DEFAULT = 365;

/** Statistics: raw events kept this many days, daily roll-ups this many months (ANALYTICS_RAW_DAYS, ANALYTICS_KEEP_MONTHS). */
export const ANALYTICS_RAW_DAYS_DEFAULT = 30;
export const ANALYTICS_KEEP_MONTHS_DEFAULT = 25;
