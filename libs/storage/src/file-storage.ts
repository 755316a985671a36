import type { Readable } from 'node:stream';

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

export interface PutOptions {
  /** The write stops and throws FileTooLargeError as soon as more bytes than this arrive. */
  maxBytes: number;
  /** Stored with the file; defaults to application/octet-stream (also for anything that is not a media type). */
  contentType?: string;
}

/** What put() stored. */
export interface StoredFile {
  key: string;
  size: number;
  /** Hex SHA-256 of the bytes stored. */
  sha256: string;
  contentType: string;
}

/**
 * Inclusive byte range, as in HTTP: `{ start }` to the end, `{ start, end }` (end past the
 * file is clipped), or `{ suffix }` for the last `suffix` bytes.
 */
export type ByteRange = { start: number; end?: number } | { suffix: number };

export interface GetOptions {
  range?: ByteRange;
}

export interface FileInfo {
  key: string;
  /** Size of the whole file. */
  size: number;
  contentType: string;
  lastModified: Date;
  /** Hex SHA-256, when it was recorded at put (files placed by other means have none). */
  sha256?: string;
}

export interface FileDownload extends FileInfo {
  /** The bytes; consume or destroy it (it holds a file handle or a connection). */
  stream: Readable;
  /** Bytes in `stream`: `size`, or the length of the range. */
  contentLength: number;
  /** The range actually served (inclusive), for `Content-Range: bytes start-end/size`. */
  range?: { start: number; end: number };
}

export interface ListedFile {
  key: string;
  size: number;
  lastModified: Date;
}

export interface ListOptions {
  /** Every file under the prefix (default), or one level: files and immediate sub-folders. */
  recursive?: boolean;
}

/** Files a page of listPages() holds unless told otherwise: what one S3 ListObjectsV2 answer holds at most. */
export const LIST_PAGE_SIZE = 1000;

export interface ListPagesOptions {
  /** Files a page holds at most (LIST_PAGE_SIZE, S3's most, unless told fewer). */
  pageSize?: number;
}

export interface Listing {
  /** Sorted by key (UTF-8 byte order, as S3 lists). */
  files: ListedFile[];
  /** One level only: keys of the immediate sub-folders (no trailing slash), sorted. Empty when recursive. */
  folders: string[];
}

/**
 * The one file interface of the product (vault documents, forms library, public files,
 * resumes). Keys come from storageKey()/normalizeFolder(), never raw from a user; every
 * method streams, nothing holds a whole file in memory. Errors: StorageKeyError (400),
 * FileNotFoundError (404), FileTooLargeError (413), RangeNotSatisfiableError (416).
 * Inject it in Nest through StorageModule (the class is the token).
 */
export abstract class FileStorage {
  abstract readonly driver: 'local' | 's3';

  /**
   * Stores `source` at `key` (replacing what was there) and resolves once the whole file
   * is durable and visible. On any failure (the limit, a source error, I/O) nothing of
   * this write remains and an earlier file at `key`, if any, is untouched.
   */
  abstract put(key: string, source: Readable, options: PutOptions): Promise<StoredFile>;

  /** Throws FileNotFoundError or RangeNotSatisfiableError. */
  abstract get(key: string, options?: GetOptions): Promise<FileDownload>;

  /** Throws FileNotFoundError. */
  abstract head(key: string): Promise<FileInfo>;

  /** Removes the file; a missing one is no error. */
  abstract delete(key: string): Promise<void>;

  /** Files under the folder `prefix` ('' for everything); see ListOptions. */
  abstract list(prefix: string, options?: ListOptions): Promise<Listing>;

  /**
   * Every file under the folder `prefix` ('' for everything), recursively, one page at a time: what
   * reads a whole bucket (the daily sweep) without holding its listing in memory. Pages are in key
   * order on S3, in no promised order on disk; a file deleted once its page is read is not missed
   * nor listed again by the pages after.
   */
  abstract listPages(prefix: string, options?: ListPagesOptions): AsyncGenerator<ListedFile[]>;

  /**
   * Removes the unfinished writes under the folder `prefix` begun before `before`: what a process that
   * died mid-upload left (temporary files on disk, multipart uploads on S3). Never listed nor
   * downloadable, they still hold part of a client's document. Returns how many were removed.
   */
  abstract removeAbandonedWrites(prefix: string, before: Date): Promise<number>;

  /** Releases connections; Nest calls it at shutdown. */
  async close(): Promise<void> {}

  async onModuleDestroy(): Promise<void> {
    await this.close();
  }
}
