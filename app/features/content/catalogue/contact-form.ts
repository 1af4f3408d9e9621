/** The contact form's five subjects. */
export const CONTACT_SUBJECTS = ["General Inquiry", "Technical Support", "Account Issues", "Payment Problems", "Feature Request"] as const;

export const CONTACT_NAME_MAX_LENGTH = 100;
/** The longest address SMTP can carry (RFC 5321). */
export const CONTACT_EMAIL_MAX_LENGTH = 254;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;
/** Links a message may hold (name and message together); more reads as advertising. */
export const CONTACT_MAX_LINKS = 3;

/**
 * The honeypot: a field people never see (hidden from sight, from assistive technology and
 * from the tab order) and so leave empty, while form-filling scripts fill in every field.
 */
export const CONTACT_HONEYPOT_FIELD = "website";

/** Field errors, shared by the browser's check and the server's schema. */
export const CONTACT_ERRORS = {
  name: "Please enter your name",
  nameTooLong: "Name too long",
  email: "Please enter a valid email address",
  emailTooLong: "Email too long",
  subject: "Please choose a subject",
  message: "Please enter a message",
  messageTooLong: "Message too long",
  tooManyLinks: `Please include at most ${CONTACT_MAX_LINKS} links`,
};

export const CONTACT_SUCCESS_MESSAGE = "Your message has been sent successfully. We'll get back to you soon!";
/** The error text shown when the message could not be stored, with the typed text kept. */
export const CONTACT_ERROR_MESSAGE = "There was an error sending your message. Please try again.";
