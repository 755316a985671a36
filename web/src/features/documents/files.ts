import {
  blockedExtension,
  FILE_TOO_LARGE,
  MAX_UPLOAD_BYTES,
  PROGRAM_REFUSED,
  type LibraryArea,
  type LibraryListReply,
  type VaultAccessReply,
  type VaultFileReply,
} from '@portal/contracts';

/** Texts of the dashboard (spec part 2, sections 5 and 8). */
export const DASHBOARD_MESSAGES = {
  loadFailed: {
    vault: 'Failed to load vault files. Please try again.',
    forms: 'Failed to load forms files. Please try again.',
    public: 'Failed to load public files. Please try again.',
  },
  uploadFailed: 'Failed to upload file. Please try again.',
  downloadFailed: 'Failed to download file. Please try again.',
  deleteFailed: 'Failed to delete file. Please try again.',
  tooLarge: FILE_TOO_LARGE,
  confirmDelete: (file: string) => `Are you sure you want to delete "${file}"?`,
  uploaded: (file: string) => `"${file}" was uploaded successfully.`,
  deleted: (file: string) => `"${file}" was deleted successfully.`,
  alreadyDeleted: (file: string) => `"${file}" had already been deleted.`,
  confirmReplace: (file: string, folder: string) =>
    `"${file}" is already in ${folder ? `the folder "${folder}"` : 'this library'}. Uploading it replaces that file for everyone.`,
  cancelled: 'The upload was cancelled. Nothing was saved.',
  leaveWhileUploading: 'An upload is still under way. Leave this page and cancel it?',
  noFileChosen: 'Choose a file to upload.',
} as const;

/** The three lists of the dashboard: the user's vault and the two shared libraries. */
export type FileSource = 'vault' | LibraryArea;

export const SOURCE_LABELS: Record<FileSource, string> = {
  vault: 'My Vault',
  forms: 'Forms Library',
  public: 'Public Files',
};

const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * A size for people, at 1024 steps (spec part 2, section 9): '0 Bytes', '512 Bytes', '1.5 KB',
 * '200 MB', at most two decimals, TB the largest unit.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const step = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  const value = bytes / 1024 ** step;
  return `${Number(value.toFixed(2))} ${UNITS[step]}`;
}

/** The over-limit message before a byte is sent, or null when the file may go (spec part 2, section 5). */
export function uploadSizeProblem(size: number): string | null {
  return size > MAX_UPLOAD_BYTES ? DASHBOARD_MESSAGES.tooLarge : null;
}

/**
 * What the server would say of a program or script, by its name (the blocked types of libs/contracts),
 * before a byte is sent; null when the name may go. The server also refuses a program by its content.
 */
export function uploadTypeProblem(fileName: string): string | null {
  const extension = blockedExtension(fileName);
  return extension ? PROGRAM_REFUSED(extension) : null;
}

/** The last name of a path: 'Tax forms/2024/W-9.pdf' → 'W-9.pdf'. */
export function fileNameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The folder of a library path, or '' at the top. */
export function folderOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

/** Who uploaded, as the dashboard shows it: the firm's logo for 'rk-' files, else the initials (spec part 2, section 6). */
export type UploaderBadge = { kind: 'logo' } | { kind: 'initials'; initials: string };

export function uploaderBadge(path: string, initials: string): UploaderBadge {
  return fileNameOf(path).startsWith('rk-') ? { kind: 'logo' } : { kind: 'initials', initials };
}

/** Initials from an e-mail address when no name is known: 'jane.doe@x.com' → 'JD'. */
export function emailInitials(email: string): string {
  const local = email.split('@')[0] ?? '';
  const parts = local.split(/[._\-+]+/).filter(Boolean);
  const initials = parts
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
  return initials || 'U';
}

/** One file of any of the three lists, as the dashboard shows and searches it. */
/**
 * The path a library upload gets, as the server forms it (folder names trimmed, empty ones dropped,
 * Unicode NFC): to ask before an upload replaces a file of the same path. The server stays the judge;
 * a name it would change further only goes without the question.
 */
export function libraryUploadPath(folder: string, fileName: string): string {
  return [libraryFolder(folder), fileName.normalize('NFC')].filter(Boolean).join('/');
}

/** A library folder as typed, as the server keeps it ('' for the top). */
export function libraryFolder(folder: string): string {
  return folder
    .normalize('NFC')
    .split('/')
    .map((name) => name.trim())
    .filter(Boolean)
    .join('/');
}

export interface DashboardFile {
  source: FileSource;
  /** The vault file's id, or the library path: what a download and a delete name. */
  ref: string;
  /** The full name: the vault's file_path, or the library path with its folders. */
  path: string;
  size: number;
  /** ISO 8601: uploaded_at or last_modified. */
  date: string;
}

const searchable = (text: string) => text.normalize('NFC').toLocaleLowerCase();

/**
 * The files whose name (folders included) holds every word of the query, case-insensitively, from
 * all three lists in the order given; none for a blank query (the tabs show instead).
 */
export function searchFiles(query: string, files: readonly DashboardFile[]): DashboardFile[] {
  const words = searchable(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return files.filter((file) => {
    const name = searchable(file.path);
    return words.every((word) => name.includes(word));
  });
}

/** Whether the search replaces the tabs: while it has any text but spaces (spec part 2, section 2). */
export function isSearching(query: string): boolean {
  return query.trim() !== '';
}

/** The API path of a library file: each name URL-encoded, folders kept as path segments. */
export function libraryFilePath(area: LibraryArea, path: string): string {
  return `/files/${area}/${path.split('/').map(encodeURIComponent).join('/')}`;
}

/** A date and time for people, in their locale and time zone; '—' when there is none. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** 'Sent 12.5 MB of 200 MB (6%)' of an upload under way. */
export function progressText(sent: number, total: number): string {
  const percent = total > 0 ? Math.floor((Math.min(sent, total) / total) * 100) : 0;
  return `Sent ${formatFileSize(sent)} of ${formatFileSize(total)} (${percent}%)`;
}

/** Vault files as the dashboard lists them (the server sends them newest first). */
export function fromVault(files: readonly VaultFileReply[]): DashboardFile[] {
  return files.map((file) => ({
    source: 'vault',
    ref: file.id,
    path: file.file_path,
    size: file.size,
    date: file.uploaded_at,
  }));
}

/** A library's files as the dashboard lists them (by path, as the server sends them). */
export function fromLibrary(area: LibraryArea, reply: LibraryListReply): DashboardFile[] {
  return reply.files.map((file) => ({
    source: area,
    ref: file.name,
    path: file.name,
    size: file.size,
    date: file.last_modified,
  }));
}

/** What an admin's access to a vault was, for people. */
export function accessDescription(entry: Pick<VaultAccessReply, 'action' | 'file_name'>): string {
  return entry.action === 'download' ? `Downloaded “${entry.file_name ?? 'a file'}”` : 'Viewed the list of files';
}
