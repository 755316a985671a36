/** The first problem a form check found: the message to show and the field to mark and focus. */
export interface ValidationIssue<Field extends string> {
  message: string;
  field: Field;
}

// x@y.z: something, an @, something, a dot, something; no spaces and a single @.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The e-mail format every form of the site checks before calling the server (spec part 1, section 5). */
export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}
