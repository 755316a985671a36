import { AbortMultipartUploadCommand, ListMultipartUploadsCommand, type S3Client } from '@aws-sdk/client-s3';
import { S3FileStorage } from './s3-file-storage';

const DAY = 24 * 60 * 60_000;

/** An S3 client that answers ListMultipartUploads from `pages` (one per call) and records every command. */
function clientWith(
  pages: Array<{ uploads: Array<{ key: string; id: string; initiated: Date }>; next?: [string, string] }>,
) {
  const sent: Array<{ name: string; input: Record<string, unknown> }> = [];
  const client = {
    send: jest.fn(async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
      sent.push({ name: command.constructor.name, input: command.input });
      if (command instanceof ListMultipartUploadsCommand) {
        const page = pages.shift()!;
        return {
          Uploads: page.uploads.map(({ key, id, initiated }) => ({ Key: key, UploadId: id, Initiated: initiated })),
          IsTruncated: page.next !== undefined,
          NextKeyMarker: page.next?.[0],
          NextUploadIdMarker: page.next?.[1],
        };
      }
      return {};
    }),
    destroy: jest.fn(),
  };
  return { client: client as unknown as S3Client, sent };
}

describe('S3FileStorage.removeAbandonedWrites', () => {
  it('aborts the multipart uploads begun before the cut-off under the folder, through every page', async () => {
    const now = Date.now();
    const { client, sent } = clientWith([
      {
        uploads: [
          { key: 'vault/u1/a.pdf', id: 'old-1', initiated: new Date(now - 3 * DAY) },
          { key: 'vault/u1/b.pdf', id: 'recent', initiated: new Date(now - 60_000) },
        ],
        next: ['vault/u1/b.pdf', 'recent'],
      },
      { uploads: [{ key: 'vault/u2/c.pdf', id: 'old-2', initiated: new Date(now - 2 * DAY) }] },
    ]);
    const storage = new S3FileStorage({ client, bucket: 'files' });

    expect(await storage.removeAbandonedWrites('vault', new Date(now - DAY))).toBe(2);

    expect(sent.filter(({ name }) => name === ListMultipartUploadsCommand.name).map(({ input }) => input)).toEqual([
      { Bucket: 'files', Prefix: 'vault/', KeyMarker: undefined, UploadIdMarker: undefined },
      { Bucket: 'files', Prefix: 'vault/', KeyMarker: 'vault/u1/b.pdf', UploadIdMarker: 'recent' },
    ]);
    expect(sent.filter(({ name }) => name === AbortMultipartUploadCommand.name).map(({ input }) => input)).toEqual([
      { Bucket: 'files', Key: 'vault/u1/a.pdf', UploadId: 'old-1' },
      { Bucket: 'files', Key: 'vault/u2/c.pdf', UploadId: 'old-2' },
    ]);
  });
});
