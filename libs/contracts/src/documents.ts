/*
 * Documents (documents service, under /vault and /files): a verified client's own vault, the forms
 * library and the public files (spec part 2, sections 3, 5, 6 and 7), and the admins' read-only view of
 * a client's vault with its access log. Uploads are multipart (`file`, and `folder` for the libraries);
 * downloads are the file's bytes, so only lists and confirmations have shapes here.
 */
import type { CursorPage, CursorQuery } from './common';

/** The largest file any upload takes: 200 MB (spec part 2, sections 5 and 9). */
export const MAX_UPLOAD_BYTES = 209715200;

/** The 413 of an upload over MAX_UPLOAD_BYTES; the web says it before sending a byte. */
export const FILE_TOO_LARGE = 'File size exceeds the 200MB limit. Please upload a smaller file.';

/**
 * Types no upload takes, vault or library: the executable and script types Gmail blocks as
 * attachments (Google's published list, "File types blocked in Gmail",
 * https://support.google.com/mail/answer/6590). A tax client sends documents, images, spreadsheets
 * and archives; a program sent to the firm (or, from the libraries, to every client) could be run
 * by a double-click on a desktop, where the browser's protections of a download no longer apply.
 */
export const BLOCKED_EXTENSIONS: readonly string[] = [
  '.ade',
  '.adp',
  '.apk',
  '.appx',
  '.appxbundle',
  '.bat',
  '.cab',
  '.chm',
  '.cmd',
  '.com',
  '.cpl',
  '.diagcab',
  '.diagcfg',
  '.diagpack',
  '.dll',
  '.dmg',
  '.ex',
  '.ex_',
  '.exe',
  '.hta',
  '.img',
  '.ins',
  '.iso',
  '.isp',
  '.jar',
  '.jnlp',
  '.js',
  '.jse',
  '.lib',
  '.lnk',
  '.mde',
  '.msc',
  '.msi',
  '.msix',
  '.msixbundle',
  '.msp',
  '.mst',
  '.nsh',
  '.pif',
  '.ps1',
  '.scr',
  '.sct',
  '.shb',
  '.sys',
  '.vb',
  '.vbe',
  '.vbs',
  '.vhd',
  '.vxd',
  '.wsc',
  '.wsf',
  '.wsh',
  '.xll',
];

/**
 * The blocked extension of a file name ('.exe'), lower case, or null: case-insensitive, and read
 * as Windows saves the name, without the trailing dots and spaces it strips ('a.exe. ' is 'a.exe').
 */
export function blockedExtension(fileName: string): string | null {
  const name = fileName.replace(/[. ]+$/, '').toLowerCase();
  const dot = name.lastIndexOf('.');
  if (dot === -1) return null;
  const extension = name.slice(dot);
  return BLOCKED_EXTENSIONS.includes(extension) ? extension : null;
}

/** The refusal (415) of a file of a blocked type; the web says it before sending a byte. */
export const PROGRAM_REFUSED = (extension: string) =>
  `Programs and scripts (${extension}) cannot be uploaded. Please send documents, images or spreadsheets.`;

/** The refusal (415) of a file whose first bytes are a program's (Windows, Linux, macOS), whatever its name. */
export const PROGRAM_CONTENT_REFUSED =
  'This file is a program, whatever its name, and programs cannot be uploaded. Please send documents, images or spreadsheets.';

/** The start of every vault-full refusal: the web tells it apart from a proxy's 413 by it. */
export const VAULT_FULL_PREFIX = 'Your vault is full';

/** A quota for people, in whole GB when it is whole (1 GB = 1024³ bytes, as file sizes are shown). */
function quotaText(quotaBytes: number): string {
  const gb = quotaBytes / 1024 ** 3;
  if (gb >= 1) return `${Number(gb.toFixed(1))} GB`;
  return `${Number((quotaBytes / 1024 ** 2).toFixed(1))} MB`;
}

/**
 * The 413 of a vault upload that would take the client's stored bytes over their quota (the web shows
 * it in the upload form as it is): 'Your vault is full (10 GB). Delete files you no longer need, or contact us.'
 */
export const VAULT_FULL = (quotaBytes: number) =>
  `${VAULT_FULL_PREFIX} (${quotaText(quotaBytes)}). Delete files you no longer need, or contact us.`;

/** The 429 of an upload begun while the account already has the most uploads allowed under way. */
export const TOO_MANY_UPLOADS = (inFlight: number) =>
  `You already have ${inFlight} uploads under way. Please wait for one of them to finish, then try again.`;

/** The 503 of an upload begun while the service is taking all the uploads it can at once. */
export const UPLOADS_BUSY = 'We are receiving many uploads right now. Please try again in a minute.';

/** The 408 of an upload that held its place longer than its size allows at the slowest rate taken (or stalled). */
export const UPLOAD_TOO_SLOW = 'The upload was too slow and was stopped. Please try again on a faster connection.';

/** The two shared libraries: GET /files/forms and GET /files/public. */
export const LIBRARY_AREAS = ['forms', 'public'] as const;
export type LibraryArea = (typeof LIBRARY_AREAS)[number];

/** One file of the signed-in client's vault. */
export interface VaultFileReply {
  id: string;
  /** The name the file was uploaded with. */
  file_path: string;
  /** Bytes. */
  size: number;
  /** ISO 8601. */
  uploaded_at: string;
  content_type: string;
  /** Hex SHA-256 of the stored bytes (also the download's ETag). */
  sha256: string;
}

/** GET /vault/files: the client's files, newest first. */
export interface VaultListReply {
  files: VaultFileReply[];
}

/** POST /vault/files (multipart `file`): 201. */
export interface VaultUploadReply {
  message: string;
  file: VaultFileReply;
}

/** One file of the forms library or the public files. */
export interface LibraryFileReply {
  /** Its path in the library, folders included: 'Tax forms/2024/W-9.pdf' (GET /files/{area}/{name}). */
  name: string;
  size: number;
  /** ISO 8601. */
  last_modified: string;
  content_type: string;
}

/** GET /files/{area}?prefix=&recursive=true */
export interface LibraryListQuery {
  /** A folder of the library ('' or absent: the top). */
  prefix?: string;
  /** 'true': every file under the prefix; otherwise its files and immediate sub-folders. */
  recursive?: 'true' | 'false';
}

export interface LibraryListReply {
  /** Sorted by name. */
  files: LibraryFileReply[];
  /** One level only: the immediate sub-folders of the prefix, as full paths; empty when recursive. */
  folders: string[];
}

/** POST /files/{area}/ (admins only; multipart `file` and an optional `folder`): 201. */
export interface LibraryUploadReply {
  message: string;
  file: LibraryFileReply;
}

/** A client who has files in the vault, for the admins' list (GET /vault/admin/clients). */
export interface VaultClientReply {
  owner_id: string;
  owner_email: string;
  file_count: number;
  total_size: number;
  /** ISO 8601. */
  last_uploaded_at: string;
}

export interface VaultClientListReply {
  clients: VaultClientReply[];
}

/** GET /vault/admin/clients/{ownerId}/files: one client's vault, read-only; the listing is recorded. */
export interface ClientVaultReply {
  owner_id: string;
  owner_email: string;
  files: VaultFileReply[];
}

export const VAULT_ACCESS_ACTIONS = ['list', 'download'] as const;
export type VaultAccessAction = (typeof VAULT_ACCESS_ACTIONS)[number];

/** One admin access to a client's vault: who, what, when. */
export interface VaultAccessReply {
  id: string;
  admin_id: string;
  admin_email: string;
  owner_id: string;
  owner_email: string;
  action: VaultAccessAction;
  /** The file downloaded (null for a listing); kept after the file is deleted. */
  file_id: string | null;
  file_name: string | null;
  /** ISO 8601. */
  accessed_at: string;
}

/** GET /vault/admin/access-log?owner_id=&before=&page_size=, newest first. */
export interface VaultAccessQuery extends CursorQuery {
  owner_id?: string;
}

export type VaultAccessPageReply = CursorPage<VaultAccessReply>;
