import { randomBytes } from 'node:crypto';
import { constants, Stats } from 'node:fs';
import type { Dir, Dirent } from 'node:fs';
import { FileHandle, mkdir, open, opendir, readdir, readFile, rename, rmdir, stat, unlink } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { ByteMeter } from './byte-meter';
import { FileNotFoundError, StorageKeyError } from './errors';
import {
  DEFAULT_CONTENT_TYPE,
  FileDownload,
  FileInfo,
  FileStorage,
  GetOptions,
  ListedFile,
  Listing,
  LIST_PAGE_SIZE,
  ListOptions,
  ListPagesOptions,
  PutOptions,
  StoredFile,
} from './file-storage';
import { assertStorageKey, RESERVED_PREFIX, storagePrefix } from './keys';
import { assertRange, resolveRange, storedContentType } from './ranges';

/** Metadata of every file, in a tree beside the data: `<root>/.~meta/<key>`. */
const META_DIR = `${RESERVED_PREFIX}meta`;
/** Files being written: `<folder>/.~tmp.<random>`, renamed to their key once complete. */
const TEMP_PREFIX = `${RESERVED_PREFIX}tmp.`;
/** Attempts to find data and metadata of the same write while an overwrite is renaming them. */
const CONSISTENT_READ_ATTEMPTS = 5;

/**
 * The sidecar of a file. `ino` ties it to one version of the data: a rename keeps the
 * inode, so a reader holding the data open can tell whether the sidecar it read belongs
 * to that data or to a write that replaced it meanwhile.
 */
interface Sidecar {
  v: 1;
  contentType: string;
  sha256: string;
  size: number;
  ino: number;
}

function code(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

async function unlinkQuietly(path: string): Promise<void> {
  try {
    await unlink(path);
  } catch (error) {
    // Gone already, or a folder where a file was expected: either way no file to remove.
    if (!['ENOENT', 'ENOTDIR', 'EISDIR', 'EPERM'].includes(code(error) ?? '')) throw error;
  }
}

/** Makes a rename in `dir` durable (where the platform can fsync a directory). */
async function syncDir(dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (error) {
    if (!['EISDIR', 'EPERM', 'EINVAL', 'EBADF'].includes(code(error) ?? '')) throw error;
  } finally {
    await handle?.close();
  }
}

/** The key of `name` in the folder of keys `folder` ('' : the root). */
function keyIn(folder: string, name: string): string {
  return folder ? `${folder}/${name}` : name;
}

/** A stored file as a listing shows it; undefined when it was deleted while the folder was read. */
async function listedFile(path: string, key: string): Promise<ListedFile | undefined> {
  const stats = await stat(path).catch((error: unknown) => {
    if (code(error) === 'ENOENT') return undefined;
    throw error;
  });
  return stats && { key, size: stats.size, lastModified: stats.mtime };
}

function byKey(a: { key: string }, b: { key: string }): number {
  return Buffer.compare(Buffer.from(a.key), Buffer.from(b.key));
}

/**
 * Files on local disk under `root` (`<DATA_DIR>/files`), one file per key at
 * `<root>/<key>`. A put streams into a temporary file of the same folder, fsyncs it and
 * renames it into place only when complete, so a reader sees the old file or the new
 * one, never half of one. Content type and SHA-256 live in a small JSON sidecar in a
 * parallel tree (`<root>/.~meta/<key>`), renamed into place just before the data:
 * sidecars need no native module (extended attributes would) and survive copies and
 * backups that drop xattrs. Names starting with ".~" are refused in keys, so temporary
 * files and sidecars are never listed and never collide with a file.
 */
export class LocalFileStorage extends FileStorage {
  readonly driver = 'local';
  readonly root: string;

  constructor(root: string) {
    super();
    this.root = resolve(root);
  }

  async put(key: string, source: Readable, options: PutOptions): Promise<StoredFile> {
    const path = this.dataPath(key);
    const metaPath = this.metaPath(key);
    const contentType = storedContentType(options.contentType);
    const meter = new ByteMeter(options.maxBytes);
    let dataTemp: string | undefined;
    let metaTemp: string | undefined;
    try {
      if ((await stat(path).catch(() => undefined))?.isDirectory()) throw this.isFolder(key);
      const data = await this.createTemp(key, dirname(path));
      dataTemp = data.path;
      try {
        // The stream fsyncs (flush) and closes the handle once all is written.
        await pipeline(source, meter, data.handle.createWriteStream({ flush: true }));
      } finally {
        await data.handle.close(); // no-op when the stream closed it
      }
      const { ino } = await stat(dataTemp);

      const sidecar: Sidecar = { v: 1, contentType, sha256: meter.sha256, size: meter.bytes, ino };
      const meta = await this.createTemp(key, dirname(metaPath));
      metaTemp = meta.path;
      try {
        await meta.handle.writeFile(JSON.stringify(sidecar));
        await meta.handle.sync();
      } finally {
        await meta.handle.close();
      }

      // Sidecar first: whoever sees the new data finds its metadata already there.
      await rename(metaTemp, metaPath);
      metaTemp = undefined;
      await rename(dataTemp, path);
      dataTemp = undefined;
      await Promise.all([syncDir(dirname(metaPath)), syncDir(dirname(path))]);
      return { key, size: meter.bytes, sha256: meter.sha256, contentType };
    } catch (error) {
      if (!source.destroyed) source.destroy();
      await Promise.all([dataTemp && unlinkQuietly(dataTemp), metaTemp && unlinkQuietly(metaTemp)]);
      if (code(error) === 'EISDIR') throw this.isFolder(key);
      throw error;
    }
  }

  async get(key: string, options: GetOptions = {}): Promise<FileDownload> {
    if (options.range) assertRange(options.range);
    const { handle, info } = await this.openConsistent(key);
    try {
      const range = options.range ? resolveRange(options.range, info.size) : undefined;
      const start = range?.start ?? 0;
      const end = range?.end ?? info.size - 1;
      // The open handle pins this version of the file: an overwrite renames a new inode
      // over the name, and this stream still reads the old one to its end.
      const stream = handle.createReadStream({ start, ...(end >= start ? { end } : {}), autoClose: true });
      return { ...info, stream, contentLength: Math.max(0, end - start + 1), ...(range ? { range } : {}) };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async head(key: string): Promise<FileInfo> {
    const { handle, info } = await this.openConsistent(key);
    await handle.close();
    return info;
  }

  async delete(key: string): Promise<void> {
    const path = this.dataPath(key);
    const metaPath = this.metaPath(key);
    await unlinkQuietly(path);
    await unlinkQuietly(metaPath);
    // Like S3, a folder exists only while it holds a file.
    await this.prune(dirname(path), this.root);
    await this.prune(dirname(metaPath), join(this.root, META_DIR));
  }

  async list(prefix: string, options: ListOptions = {}): Promise<Listing> {
    const folder = storagePrefix(prefix);
    const dir = this.folderPath(folder);
    const files: ListedFile[] = [];
    const folders: { key: string }[] = [];
    if (options.recursive ?? true) {
      for await (const file of this.walkFiles(dir, folder)) files.push(file);
    } else {
      for (const entry of await this.entries(dir)) {
        const key = keyIn(folder, entry.name);
        const path = join(dir, entry.name);
        if (entry.isDirectory()) {
          if (await this.holdsFiles(path)) folders.push({ key });
        } else if (entry.isFile()) {
          const file = await listedFile(path, key);
          if (file) files.push(file);
        }
      }
    }
    return { files: files.sort(byKey), folders: folders.sort(byKey).map(({ key }) => key) };
  }

  async *listPages(prefix: string, options: ListPagesOptions = {}): AsyncGenerator<ListedFile[]> {
    const folder = storagePrefix(prefix);
    const pageSize = options.pageSize ?? LIST_PAGE_SIZE;
    let page: ListedFile[] = [];
    for await (const file of this.walkFiles(this.folderPath(folder), folder)) {
      page.push(file);
      if (page.length >= pageSize) {
        yield page;
        page = [];
      }
    }
    if (page.length > 0) yield page;
  }

  /**
   * The files under `dir`, read a directory entry at a time (opendir), never a whole folder's names at
   * once: a folder of a million files is walked in constant memory.
   */
  private async *walkFiles(dir: string, keyPrefix: string): AsyncGenerator<ListedFile> {
    let handle: Dir;
    try {
      handle = await opendir(dir);
    } catch (error) {
      if (['ENOENT', 'ENOTDIR'].includes(code(error) ?? '')) return;
      throw error;
    }
    // A for await closes the handle however the walk ends.
    for await (const entry of handle) {
      if (entry.name.startsWith(RESERVED_PREFIX)) continue;
      const key = keyIn(keyPrefix, entry.name);
      const path = join(dir, entry.name);
      if (entry.isDirectory()) yield* this.walkFiles(path, key);
      else if (entry.isFile()) {
        const file = await listedFile(path, key);
        if (file) yield file;
      }
      // Anything else (symbolic links, sockets) is not a stored file and is never followed.
    }
  }

  /** The directory of a folder of keys ('' : the root). */
  private folderPath(folder: string): string {
    return folder ? this.inside(join(this.root, ...folder.split('/'))) : this.root;
  }

  async removeAbandonedWrites(prefix: string, before: Date): Promise<number> {
    const folder = storagePrefix(prefix);
    const parts = folder ? folder.split('/') : [];
    let removed = 0;
    const sweep = async (dir: string): Promise<void> => {
      let entries: Dirent[];
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (error) {
        if (['ENOENT', 'ENOTDIR'].includes(code(error) ?? '')) return;
        throw error;
      }
      for (const entry of entries) {
        const path = join(dir, entry.name);
        // The metadata tree is swept on its own, below.
        if (entry.isDirectory() && entry.name !== META_DIR) await sweep(path);
        else if (entry.isFile() && entry.name.startsWith(TEMP_PREFIX)) {
          const stats = await stat(path).catch(() => undefined); // renamed or removed meanwhile
          if (stats && stats.mtime < before) {
            await unlinkQuietly(path);
            removed += 1;
          }
        }
      }
    };
    await sweep(folder ? this.inside(join(this.root, ...parts)) : this.root);
    await sweep(this.inside(join(this.root, META_DIR, ...parts)));
    return removed;
  }

  /** The path of a key's data, after checking the key and that the path stays under the root. */
  private dataPath(key: string): string {
    assertStorageKey(key);
    return this.inside(join(this.root, ...key.split('/')));
  }

  private metaPath(key: string): string {
    return this.inside(join(this.root, META_DIR, ...key.split('/')));
  }

  /** Keys are checked already; this is the last line: a resolved path outside the root is refused. */
  private inside(path: string): string {
    const rel = relative(this.root, resolve(path));
    if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) {
      throw new StorageKeyError('A storage key must name a file inside the storage folder.');
    }
    return path;
  }

  private isFolder(key: string): StorageKeyError {
    return new StorageKeyError(`Cannot store a file at ${key}: it is a folder.`);
  }

  private async createTemp(key: string, dir: string): Promise<{ path: string; handle: FileHandle }> {
    for (let attempt = 1; ; attempt++) {
      try {
        await mkdir(dir, { recursive: true, mode: 0o700 });
      } catch (error) {
        if (['ENOTDIR', 'EEXIST'].includes(code(error) ?? '')) {
          throw new StorageKeyError(`Cannot store a file at ${key}: a folder on its path is a file.`);
        }
        // A delete pruned a parent folder (then empty) while mkdir was making the ones below it: again.
        if (code(error) === 'ENOENT' && attempt < 3) continue;
        throw error;
      }
      const path = join(dir, `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`);
      try {
        return { path, handle: await open(path, 'wx', 0o600) };
      } catch (error) {
        // A delete removed the (then empty) folder between mkdir and open: make it again.
        if (code(error) !== 'ENOENT' || attempt === 3) throw error;
      }
    }
  }

  /**
   * Opens the data and reads the sidecar that belongs to it. During an overwrite the new
   * sidecar is in place a moment before the new data: then it tries again, briefly, and
   * at worst serves the data without its metadata rather than with another file's.
   */
  private async openConsistent(key: string): Promise<{ handle: FileHandle; info: FileInfo }> {
    const path = this.dataPath(key);
    for (let attempt = 1; ; attempt++) {
      let handle: FileHandle;
      try {
        // This adapter never makes symbolic links; one in place of a file is not followed (ELOOP).
        handle = await open(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
      } catch (error) {
        if (['ENOENT', 'ENOTDIR', 'EISDIR', 'ELOOP'].includes(code(error) ?? '')) throw new FileNotFoundError(key);
        throw error;
      }
      let stats: Stats;
      let sidecar: Sidecar | undefined;
      try {
        stats = await handle.stat();
        if (!stats.isFile()) throw new FileNotFoundError(key);
        sidecar = await this.readSidecar(key);
      } catch (error) {
        await handle.close();
        throw error;
      }
      const matches = sidecar !== undefined && sidecar.ino === stats.ino && sidecar.size === stats.size;
      if (matches || sidecar === undefined || attempt === CONSISTENT_READ_ATTEMPTS) {
        const info: FileInfo = {
          key,
          size: stats.size,
          contentType: matches ? sidecar!.contentType : DEFAULT_CONTENT_TYPE,
          lastModified: stats.mtime,
          ...(matches ? { sha256: sidecar!.sha256 } : {}),
        };
        return { handle, info };
      }
      await handle.close();
      await sleep(attempt * 2);
    }
  }

  private async readSidecar(key: string): Promise<Sidecar | undefined> {
    let text: string;
    try {
      text = await readFile(this.metaPath(key), 'utf8');
    } catch (error) {
      if (['ENOENT', 'ENOTDIR', 'EISDIR'].includes(code(error) ?? '')) return undefined;
      throw error;
    }
    try {
      const value = JSON.parse(text) as Partial<Sidecar>;
      const valid =
        value.v === 1 &&
        typeof value.contentType === 'string' &&
        typeof value.sha256 === 'string' &&
        typeof value.size === 'number' &&
        typeof value.ino === 'number';
      return valid ? (value as Sidecar) : undefined;
    } catch {
      return undefined; // unreadable metadata: serve the data without it
    }
  }

  /** The entries of a folder that are stored files or folders (none of ours), or none when it is missing. */
  private async entries(dir: string) {
    try {
      const entries = await readdir(dir, { withFileTypes: true });
      return entries.filter((entry) => !entry.name.startsWith(RESERVED_PREFIX));
    } catch (error) {
      if (['ENOENT', 'ENOTDIR'].includes(code(error) ?? '')) return [];
      throw error;
    }
  }

  /** Whether a folder holds a stored file anywhere below it (S3 shows no empty folders). */
  private async holdsFiles(dir: string): Promise<boolean> {
    const entries = await this.entries(dir);
    if (entries.some((entry) => entry.isFile())) return true;
    for (const entry of entries) {
      if (entry.isDirectory() && (await this.holdsFiles(join(dir, entry.name)))) return true;
    }
    return false;
  }

  /** Removes empty folders from `dir` up to (not including) `top`. */
  private async prune(dir: string, top: string): Promise<void> {
    for (let current = dir; current !== top && current.startsWith(top + sep); current = dirname(current)) {
      try {
        await rmdir(current);
      } catch (error) {
        if (['ENOTEMPTY', 'EEXIST', 'ENOENT', 'EBUSY', 'ENOTDIR'].includes(code(error) ?? '')) return;
        throw error;
      }
    }
  }
}
