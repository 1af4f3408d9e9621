/**
 * Messages from the contact form are deleted after this many days unless CONTACT_KEEP_DAYS says
 * otherwise. The environment's default and the default privacy page both state it.
 */
export const CONTACT_KEEP_DAYS_DEFAULT = 365;
