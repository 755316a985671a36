import { ApiError } from '../../shared/api/client';
import { fileProgress, isAlreadyGone, isCancelled, uploadErrorMessage, uploadOutcome } from './transfer-result';

describe('uploadOutcome', () => {
  it('parses a success and turns a refusal into the ApiError the client would raise', () => {
    expect(uploadOutcome(201, '{"message":"File uploaded successfully."}')).toEqual({
      ok: true,
      body: { message: 'File uploaded successfully.' },
    });
    const refused = uploadOutcome(400, '{"detail":"A file name cannot be \\".\\" or \\"..\\"."}');
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error).toBeInstanceOf(ApiError);
    expect(refused.error.status).toBe(400);
    expect(refused.error.detail).toBe('A file name cannot be "." or "..".');
    const proxy = uploadOutcome(502, '<html>Bad gateway</html>');
    expect(proxy.ok ? null : proxy.error.detail).toBe('Request failed with status 502');
  });
});

describe('uploadErrorMessage', () => {
  const apiError = (status: number, detail?: string) =>
    new ApiError(status, detail ?? 'x', detail === undefined ? undefined : { detail });

  it('says the over-limit text for a 413, the server’s words for other refusals, the spec’s text otherwise', () => {
    expect(uploadErrorMessage(apiError(413, 'whatever'))).toBe(
      'File size exceeds the 200MB limit. Please upload a smaller file.',
    );
    expect(uploadErrorMessage(apiError(400, 'A file name cannot contain control characters.'))).toBe(
      'A file name cannot contain control characters.',
    );
    const program =
      'This file is a program, whatever its name, and programs cannot be uploaded. Please send documents, images or spreadsheets.';
    expect(uploadErrorMessage(apiError(415, program))).toBe(program);
    expect(uploadErrorMessage(apiError(429, 'Too many attempts. Please try again in 5 minutes.'))).toBe(
      'Too many attempts. Please try again in 5 minutes.',
    );
    expect(uploadErrorMessage(apiError(400))).toBe('Failed to upload file. Please try again.');
    expect(uploadErrorMessage(apiError(500, 'Internal server error'))).toBe('Failed to upload file. Please try again.');
    expect(uploadErrorMessage(new TypeError('Failed to fetch'))).toBe('Failed to upload file. Please try again.');
  });

  it('says the server’s words for a full vault (a 413 too), the over-limit text for any other 413', () => {
    const full = 'Your vault is full (10 GB). Delete files you no longer need, or contact us.';
    expect(uploadErrorMessage(apiError(413, full))).toBe(full);
    expect(uploadErrorMessage(new ApiError(413, 'Request failed with status 413', '<html>413</html>'))).toBe(
      'File size exceeds the 200MB limit. Please upload a smaller file.',
    );
    expect(uploadErrorMessage(apiError(503, 'We are receiving many uploads right now.'))).toBe(
      'Failed to upload file. Please try again.',
    );
  });

  it('tells a cancel apart', () => {
    const abort = new DOMException('The upload was cancelled', 'AbortError');
    expect(isCancelled(abort)).toBe(true);
    expect(uploadErrorMessage(abort)).toBe('The upload was cancelled. Nothing was saved.');
    expect(isCancelled(new Error('x'))).toBe(false);
  });
});

describe('fileProgress', () => {
  const MB = 1024 * 1024;

  it('counts in bytes of the file, whose size stays the maximum, though the browser counts the multipart body', () => {
    const body = 3 * MB + 191;
    expect(fileProgress({ loaded: 0, total: body, lengthComputable: true }, 3 * MB)).toEqual({
      sent: 0,
      total: 3 * MB,
    });
    expect(fileProgress({ loaded: body / 2, total: body, lengthComputable: true }, 3 * MB)).toEqual({
      sent: 1.5 * MB,
      total: 3 * MB,
    });
    expect(fileProgress({ loaded: body, total: body, lengthComputable: true }, 3 * MB)).toEqual({
      sent: 3 * MB,
      total: 3 * MB,
    });
  });

  it('takes the bytes sent as they are when the browser cannot tell the total, never past the file', () => {
    expect(fileProgress({ loaded: 1000, total: 0, lengthComputable: false }, 5000)).toEqual({
      sent: 1000,
      total: 5000,
    });
    expect(fileProgress({ loaded: 5200, total: 0, lengthComputable: false }, 5000)).toEqual({
      sent: 5000,
      total: 5000,
    });
  });
});

describe('isAlreadyGone', () => {
  it('reads a 404 as a file deleted meanwhile, and nothing else', () => {
    expect(isAlreadyGone(new ApiError(404, 'File not found.', { detail: 'File not found.' }))).toBe(true);
    expect(isAlreadyGone(new ApiError(403, 'Forbidden', undefined))).toBe(false);
    expect(isAlreadyGone(new ApiError(500, 'Internal', undefined))).toBe(false);
    expect(isAlreadyGone(new TypeError('Failed to fetch'))).toBe(false);
  });
});
