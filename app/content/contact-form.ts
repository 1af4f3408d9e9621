/** The contact form's subjects (SPEC §5). */
export const CONTACT_SUBJECTS = [
  "General Inquiry",
  "Technical Support",
  "Account Issues",
  "Payment Problems",
  "Feature Request",
] as const;

export const CONTACT_NAME_MAX_LENGTH = 100;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

/** Field errors, shared by the browser's check and the server's schema. */
export const CONTACT_ERRORS = {
  name: "Please enter your name",
  nameTooLong: "Name too long",
  email: "Please enter a valid email address",
  subject: "Please choose a subject",
  message: "Please enter a message",
  messageTooLong: "Message too long",
};

export const CONTACT_SUCCESS_MESSAGE = "Your message has been sent successfully. We'll get back to you soon!";
// NOTE: SPEC §8 names this text but sending is only simulated, so nothing ever shows it.
export const CONTACT_ERROR_MESSAGE = "There was an error sending your message. Please try again.";
