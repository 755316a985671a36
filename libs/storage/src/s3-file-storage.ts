import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListMultipartUploadsCommandOutput,
  ListObjectsV2Command,
  ListObjectsV2CommandOutput,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Logger } from '@nestjs/common';
import type { AppConfig } from '@portal/config';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ByteMeter } from './byte-meter';
import { FileNotFoundError, RangeNotSatisfiableError } from './errors';
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
import { assertStorageKey, storagePrefix } from './keys';
import { assertRange, rangeHeader, resolveRange, storedContentType } from './ranges';

const MB = 1024 * 1024;
/** S3's smallest part (except the last); 200 MB is 40 parts, far below S3's 10,000. */
export const DEFAULT_PART_SIZE = 5 * MB;
/** Parts uploaded at once. */
export const DEFAULT_QUEUE_SIZE = 4;

export interface S3FileStorageOptions {
  client: S3Client;
  bucket: string;
  /**
   * Memory bound of one put: lib-storage holds at most `queueSize` parts in flight plus the
   * one it is filling, so about (queueSize + 1) × partSize, 25 MB with the defaults,
   * whatever the file's size.
   */
  partSize?: number;
  queueSize?: number;
}

/** The S3 client of this configuration: path-style addressing when an endpoint (an emulator) is set. */
export function s3ClientFor(config: Pick<AppConfig, 'AWS_REGION' | 'AWS_ENDPOINT_URL'>): S3Client {
  return new S3Client({
    region: config.AWS_REGION,
    ...(config.AWS_ENDPOINT_URL ? { endpoint: config.AWS_ENDPOINT_URL, forcePathStyle: true } : {}),
  });
}

function status(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || status(error) === 404)
  );
}

/** "bytes 0-9/100" → 100 */
function totalFromContentRange(contentRange: string | undefined): number | undefined {
  const match = /\/(\d+)$/.exec(contentRange ?? '');
  return match ? Number(match[1]) : undefined;
}

/** The object key in CopySource ("bucket/key", URL-encoded except the slashes). */
function copySource(bucket: string, key: string): string {
  return `${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * Files in one S3 bucket, through lib-storage's Upload (multipart above one part,
 * bounded memory). Content type is the object's; SHA-256 is object metadata `sha256`.
 */
export class S3FileStorage extends FileStorage {
  readonly driver = 's3';
  private readonly logger = new Logger('Storage');
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly partSize: number;
  private readonly queueSize: number;

  constructor(options: S3FileStorageOptions) {
    super();
    this.client = options.client;
    this.bucket = options.bucket;
    this.partSize = options.partSize ?? DEFAULT_PART_SIZE;
    this.queueSize = options.queueSize ?? DEFAULT_QUEUE_SIZE;
  }

  async put(key: string, source: Readable, options: PutOptions): Promise<StoredFile> {
    assertStorageKey(key);
    const contentType = storedContentType(options.contentType);
    const metadata: Record<string, string> = {};
    // lib-storage sends a file of one part as a single PutObject only after the body has
    // ended, so the digest set here when the input ends travels with it. A multipart
    // upload was created before that: it gets the digest by a copy onto itself below.
    const meter = new ByteMeter(options.maxBytes, (sha256) => (metadata.sha256 = sha256));
    // The limit and any source error fail the meter, which fails the upload reading it;
    // a failed upload stops reading, which destroys the meter and so the source. Errors
    // are reported by upload.done(), hence the empty catch.
    const feeding = pipeline(source, meter).catch(() => undefined);

    let upload: Upload | undefined;
    let stored = false;
    try {
      upload = new Upload({
        client: this.client,
        params: { Bucket: this.bucket, Key: key, Body: meter, ContentType: contentType, Metadata: metadata },
        partSize: this.partSize,
        queueSize: this.queueSize,
        leavePartsOnError: false,
      });
      const result = await upload.done();
      stored = true;
      if (upload.uploadId) await this.stampDigest(key, contentType, meter.sha256, result.ETag);
      await feeding;
      return { key, size: meter.bytes, sha256: meter.sha256, contentType };
    } catch (error) {
      meter.destroy();
      // The caller needs the put's own error (a 413 stays a 413); a failed clean-up is logged.
      await this.discard(key, upload, stored).catch((cleanupError: unknown) =>
        this.logger.error(`Could not clean up the failed upload of ${key}: ${String(cleanupError)}`),
      );
      throw error;
    }
  }

  async get(key: string, options: GetOptions = {}): Promise<FileDownload> {
    assertStorageKey(key);
    const { range } = options;
    if (range) {
      assertRange(range);
      // S3 ignores a range it cannot parse (end before start, an empty suffix) and sends the
      // whole object; HTTP calls those unsatisfiable, and so do we.
      if (('suffix' in range && range.suffix === 0) || ('end' in range && range.end! < range.start)) {
        throw new RangeNotSatisfiableError((await this.head(key)).size);
      }
    }
    let output;
    try {
      output = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(range ? { Range: rangeHeader(range) } : {}) }),
      );
    } catch (error) {
      if (isNotFound(error)) throw new FileNotFoundError(key);
      if (status(error) === 416) {
        const reported = Number((error as { ActualObjectSize?: string }).ActualObjectSize);
        throw new RangeNotSatisfiableError(Number.isSafeInteger(reported) ? reported : (await this.head(key)).size);
      }
      throw error;
    }
    const stream = output.Body as Readable;
    const contentLength = output.ContentLength ?? 0;
    const size = (range && totalFromContentRange(output.ContentRange)) || contentLength;
    let served: { start: number; end: number } | undefined;
    if (range) {
      const match = /^bytes (\d+)-(\d+)\//.exec(output.ContentRange ?? '');
      try {
        served = match ? { start: Number(match[1]), end: Number(match[2]) } : resolveRange(range, size);
      } catch (error) {
        stream.destroy();
        throw error;
      }
    }
    return {
      key,
      stream,
      size,
      contentLength,
      contentType: output.ContentType ?? DEFAULT_CONTENT_TYPE,
      lastModified: output.LastModified ?? new Date(0),
      ...(output.Metadata?.sha256 ? { sha256: output.Metadata.sha256 } : {}),
      ...(served ? { range: served } : {}),
    };
  }

  async head(key: string): Promise<FileInfo> {
    assertStorageKey(key);
    try {
      const output = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        key,
        size: output.ContentLength ?? 0,
        contentType: output.ContentType ?? DEFAULT_CONTENT_TYPE,
        lastModified: output.LastModified ?? new Date(0),
        ...(output.Metadata?.sha256 ? { sha256: output.Metadata.sha256 } : {}),
      };
    } catch (error) {
      if (isNotFound(error)) throw new FileNotFoundError(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    // S3 answers a delete of a missing key with success: idempotent as it is.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async list(prefix: string, options: ListOptions = {}): Promise<Listing> {
    const folder = storagePrefix(prefix);
    const files: ListedFile[] = [];
    const folders: string[] = [];
    for await (const page of this.listObjects(folder, { oneLevel: !(options.recursive ?? true) })) {
      files.push(...page.files);
      folders.push(...page.folders);
    }
    const byKey = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
    return { files: files.sort((a, b) => byKey(a.key, b.key)), folders: folders.sort(byKey) };
  }

  async *listPages(prefix: string, options: ListPagesOptions = {}): AsyncGenerator<ListedFile[]> {
    const pages = this.listObjects(storagePrefix(prefix), { maxKeys: options.pageSize ?? LIST_PAGE_SIZE });
    for await (const { files } of pages) if (files.length > 0) yield files;
  }

  /** ListObjectsV2 page after page under `folder` (the token says where the last page ended: deleting keys of the pages read skips none after them). */
  private async *listObjects(
    folder: string,
    options: { oneLevel?: boolean; maxKeys?: number },
  ): AsyncGenerator<{ files: ListedFile[]; folders: string[] }> {
    let continuationToken: string | undefined;
    do {
      const page: ListObjectsV2CommandOutput = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: folder ? `${folder}/` : undefined,
          Delimiter: options.oneLevel ? '/' : undefined,
          ContinuationToken: continuationToken,
          MaxKeys: options.maxKeys,
        }),
      );
      const files: ListedFile[] = [];
      for (const object of page.Contents ?? []) {
        // "folder/" placeholder objects (made by consoles) are not files.
        if (!object.Key || object.Key.endsWith('/')) continue;
        files.push({ key: object.Key, size: object.Size ?? 0, lastModified: object.LastModified ?? new Date(0) });
      }
      const folders = (page.CommonPrefixes ?? []).flatMap((common) =>
        common.Prefix ? [common.Prefix.replace(/\/$/, '')] : [],
      );
      yield { files, folders };
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  async removeAbandonedWrites(prefix: string, before: Date): Promise<number> {
    const folder = storagePrefix(prefix);
    let removed = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const page: ListMultipartUploadsCommandOutput = await this.client.send(
        new ListMultipartUploadsCommand({
          Bucket: this.bucket,
          Prefix: folder ? `${folder}/` : undefined,
          KeyMarker: keyMarker,
          UploadIdMarker: uploadIdMarker,
        }),
      );
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= before) continue;
        await this.client.send(
          new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: upload.Key, UploadId: upload.UploadId }),
        );
        removed += 1;
      }
      [keyMarker, uploadIdMarker] = page.IsTruncated ? [page.NextKeyMarker, page.NextUploadIdMarker] : [];
    } while (keyMarker);
    return removed;
  }

  override async close(): Promise<void> {
    this.client.destroy();
  }

  /**
   * Metadata of a multipart upload is fixed when it starts, before the digest is known:
   * a server-side copy onto itself sets it (no bytes pass through this process). Only if
   * the object is still the one just uploaded: a later overwrite has won and stays.
   */
  private async stampDigest(key: string, contentType: string, sha256: string, etag: string | undefined) {
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: key,
          CopySource: copySource(this.bucket, key),
          ...(etag ? { CopySourceIfMatch: etag } : {}),
          MetadataDirective: 'REPLACE',
          // A fresh whole-object checksum: the copy would otherwise carry the parts' composite one.
          ChecksumAlgorithm: 'CRC32',
          ContentType: contentType,
          Metadata: { sha256 },
        }),
      );
    } catch (error) {
      if (status(error) !== 412) throw error;
    }
  }

  /**
   * Leaves nothing of a failed put. `upload.abort()` stops any part still queued; when
   * the upload itself failed, lib-storage has already sent AbortMultipartUpload before
   * done() rejected, and this sends it again in case that one failed. An object that
   * was completed (its digest could not be stamped) is deleted.
   */
  private async discard(key: string, upload: Upload | undefined, stored: boolean): Promise<void> {
    if (!upload) return;
    await upload.abort();
    if (upload.uploadId && !stored) {
      try {
        await this.client.send(
          new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: upload.uploadId }),
        );
      } catch (error) {
        if (!(error instanceof S3ServiceException && error.name === 'NoSuchUpload') && status(error) !== 404) {
          throw error;
        }
      }
    }
    if (stored) await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}
