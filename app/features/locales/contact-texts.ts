// The contact form's English texts (the specification's) and its subjects: the form's rules
// (content/catalogue/contact-form.ts) and the English table of the public texts read them.
// A module of its own, so that only the contact page's code carries them to the browser.

/** The contact form's five subjects (the values posted, whatever the page's locale). */
export const CONTACT_SUBJECTS = ["General Inquiry", "Technical Support", "Account Issues", "Payment Problems", "Feature Request"] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

/** Links a message may hold (name and message together); more reads as advertising. */
export const CONTACT_MAX_LINKS = 3;

/** The two errors the browser's own check shows (a blank name or message), apart so that it carries only these. */
export const CONTACT_NAME_REQUIRED = "Please enter your name";
export const CONTACT_MESSAGE_REQUIRED = "Please enter a message";

/** Field errors, shared by the browser's check and the server's schema. */
export const CONTACT_ERRORS = {
  name: CONTACT_NAME_REQUIRED,
  nameTooLong: "Name too long",
  email: "Please enter a valid email address",
  emailTooLong: "Email too long",
  subject: "Please choose a subject",
  message: CONTACT_MESSAGE_REQUIRED,
  messageTooLong: "Message too long",
  tooManyLinks: `Please include at most ${CONTACT_MAX_LINKS} links`,
};

export const CONTACT_SUCCESS_MESSAGE = "Your message has been sent successfully. We'll get back to you soon!";
/** The error text shown when the message could not be stored, with the typed text kept. */
export const CONTACT_ERROR_MESSAGE = "There was an error sending your message. Please try again.";
