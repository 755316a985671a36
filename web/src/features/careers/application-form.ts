import {
  APPLICATION_POSITIONS,
  isPhoneNumber,
  JOB_APPLICATION_SOURCE,
  PHONE_INVALID_MESSAGE,
  RESUME_FIELD,
  RESUME_INVALID_TYPE,
  RESUME_MAX_BYTES,
  RESUME_MAX_LABEL,
  resumeExtension,
  type JobApplicationFields,
} from '@portal/contracts';
import { ApiError } from '../../shared/api/client';
import { serverDetail } from '../../shared/api/server-detail';
import { isValidEmail, type ValidationIssue } from '../../shared/validation';

/**
 * The careers page's application form (spec part 2, sections 3, 4, 5 and 8). Pure: the resume check,
 * validation and the multipart body.
 */

export const APPLICATION_MESSAGES = {
  nameRequired: 'Please enter your name',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  phoneRequired: 'Please enter your phone number',
  linkedinInvalid: 'Please enter your LinkedIn profile as a web address (https://www.linkedin.com/in/...)',
  positionRequired: 'Please choose a position',
  messageRequired: 'Please enter a message',
  resumeRequired: 'Please attach your resume',
  resumeInvalidType: RESUME_INVALID_TYPE,
  resumeTooLarge: `Your resume is larger than ${RESUME_MAX_LABEL}. Please upload a smaller file.`,
  sent: 'Your application has been submitted successfully!',
  failed: 'There was an error submitting your application. Please try again.',
} as const;

/** What the page says about the resume, next to the file input. */
export const RESUME_HINT = `PDF, Word, PowerPoint or TXT, up to ${RESUME_MAX_LABEL}.`;

export interface ApplicationValues {
  name: string;
  email: string;
  phone: string;
  linkedin: string;
  position: string;
  message: string;
}

export const EMPTY_APPLICATION: ApplicationValues = {
  name: '',
  email: '',
  phone: '',
  linkedin: '',
  position: '',
  message: '',
};

/** The part of a File the checks read (a File in the browser; a plain object in tests). */
export interface ResumeFile {
  name: string;
  size: number;
}

/** The page's own check of a chosen resume: its type by extension, then its size. */
export function checkResumeFile(file: ResumeFile): string | null {
  if (!resumeExtension(file.name)) return APPLICATION_MESSAGES.resumeInvalidType;
  if (file.size > RESUME_MAX_BYTES) return APPLICATION_MESSAGES.resumeTooLarge;
  return null;
}

/** An http(s) address, the kind a LinkedIn profile link is. */
export function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export type ApplicationField = keyof ApplicationValues | 'resume';

/** The first problem, in the form's order; LinkedIn is optional but must be a web address. */
export function validateApplication(
  values: ApplicationValues,
  resume: ResumeFile | null,
): ValidationIssue<ApplicationField> | null {
  if (!values.name.trim()) return { message: APPLICATION_MESSAGES.nameRequired, field: 'name' };
  if (!values.email.trim()) return { message: APPLICATION_MESSAGES.emailRequired, field: 'email' };
  if (!isValidEmail(values.email)) return { message: APPLICATION_MESSAGES.emailInvalid, field: 'email' };
  if (!values.phone.trim()) return { message: APPLICATION_MESSAGES.phoneRequired, field: 'phone' };
  if (!isPhoneNumber(values.phone.trim())) return { message: PHONE_INVALID_MESSAGE, field: 'phone' };
  if (values.linkedin.trim() && !isWebAddress(values.linkedin)) {
    return { message: APPLICATION_MESSAGES.linkedinInvalid, field: 'linkedin' };
  }
  if (!APPLICATION_POSITIONS.includes(values.position)) {
    return { message: APPLICATION_MESSAGES.positionRequired, field: 'position' };
  }
  if (!values.message.trim()) return { message: APPLICATION_MESSAGES.messageRequired, field: 'message' };
  if (!resume) return { message: APPLICATION_MESSAGES.resumeRequired, field: 'resume' };
  const problem = checkResumeFile(resume);
  return problem ? { message: problem, field: 'resume' } : null;
}

/** The text fields as the server takes them (LinkedIn left out when empty). */
export function applicationFields(values: ApplicationValues): JobApplicationFields {
  const linkedin = values.linkedin.trim();
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    ...(linkedin ? { linkedin } : {}),
    message: values.message.trim(),
    position: values.position,
    type: 'job_application',
    source: JOB_APPLICATION_SOURCE,
  };
}

/** The multipart body of POST /messages/: the fields first, the resume last. */
export function applicationFormData(values: ApplicationValues, resume: Blob & { name: string }): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(applicationFields(values))) form.append(name, value);
  form.append(RESUME_FIELD, resume, resume.name);
  return form;
}

/** The form's status (success or failure) clears this long after it shows (spec part 2, section 9). */
export const STATUS_CLEAR_MS = 5000;

/**
 * The text for a refused submit: the spec's words, except where the server's detail tells the applicant
 * what to do (a resume over the limit, a rate limit with its wait).
 */
export function applicationErrorMessage(error: unknown): string {
  if (error instanceof ApiError && (error.status === 413 || error.status === 429)) {
    return serverDetail(error) ?? APPLICATION_MESSAGES.failed;
  }
  return APPLICATION_MESSAGES.failed;
}
