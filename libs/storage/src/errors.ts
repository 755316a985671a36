/** Base of every error the storage lib throws on purpose; anything else is an I/O failure. */
export class StorageError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A key or folder name was refused; the message is fit for a 400 `detail`. */
export class StorageKeyError extends StorageError {}

/** No file at that key (404). */
export class FileNotFoundError extends StorageError {
  constructor(readonly key: string) {
    super(`No file is stored at ${key}.`);
  }
}

/** More bytes arrived than `maxBytes` allowed (413); nothing was stored. */
export class FileTooLargeError extends StorageError {
  constructor(readonly limit: number) {
    super(`The file is larger than the limit of ${formatBytes(limit)}.`);
  }
}

/**
 * The requested range has no byte in the file (416). `size` is the whole file's, for
 * the `Content-Range: bytes *\/size` header of the answer.
 */
export class RangeNotSatisfiableError extends StorageError {
  constructor(readonly size: number) {
    super(`The requested range is outside the file (${size} ${size === 1 ? 'byte' : 'bytes'}).`);
  }
}

const KB = 1024;
const MB = 1024 * KB;

/** 209715200 → "200 MB" (binary units, as people read file limits). */
export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  if (bytes >= KB) return `${Number((bytes / KB).toFixed(1))} KB`;
  return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
}
