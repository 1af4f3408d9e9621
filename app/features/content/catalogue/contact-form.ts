import {
  CONTACT_ERROR_MESSAGE,
  CONTACT_ERRORS,
  CONTACT_MAX_LINKS,
  CONTACT_SUBJECTS,
  CONTACT_SUCCESS_MESSAGE,
} from "~/features/locales/contact-texts";

// The form's English texts and its subjects live with the other locales' fixed texts (app/features/locales).
export { CONTACT_ERROR_MESSAGE, CONTACT_ERRORS, CONTACT_MAX_LINKS, CONTACT_SUBJECTS, CONTACT_SUCCESS_MESSAGE };

export const CONTACT_NAME_MAX_LENGTH = 100;
/** The longest address SMTP can carry (RFC 5321). */
export const CONTACT_EMAIL_MAX_LENGTH = 254;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

/**
 * The honeypot: a field people never see (hidden from sight, from assistive technology and
 * from the tab order) and so leave empty, while form-filling scripts fill in every field.
 */
export const CONTACT_HONEYPOT_FIELD = "website";
