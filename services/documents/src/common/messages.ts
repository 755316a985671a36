import { FILE_TOO_LARGE } from '@portal/contracts';

/** Texts of the documents API; the web shows `detail` as it is. */
export const MESSAGES = {
  fileTooLarge: FILE_TOO_LARGE,
  fileNotFound: 'File not found.',
  clientNotFound: 'This client has no files in the vault.',
  notVerified: 'Please verify your email address to use your documents.',
  notMultipart: 'Send the file as multipart/form-data, in a field named "file".',
  noFile: 'Choose a file to upload.',
  oneFile: 'Upload one file at a time.',
  emptyFile: 'The file is empty. Please choose a file with content.',
  unexpectedField: (name: string) =>
    `Unexpected field "${name}": send the file as "file" and, for libraries, "folder".`,
  tooManyFields: 'Too many form fields: send the file and, for libraries, a folder.',
  fieldTooLong: (name: string) => `The field "${name}" is too long.`,
  interrupted: 'The upload was interrupted before the whole file arrived. Please try again.',
  malformed: 'The upload could not be read as multipart/form-data. Please try again.',
  uploaded: 'File uploaded successfully.',
  deleted: 'File deleted successfully.',
  unknownArea: (area: string) => `Unknown file library "${area}": use forms or public.`,
  recursiveInvalid: 'recursive must be true or false.',
  ownerInvalid: 'owner_id must be a client id (a UUID).',
} as const;
