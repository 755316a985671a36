import { ApiError } from './client';
import { serverDetail } from './server-detail';

describe('serverDetail', () => {
  it('reads detail, then message, of the reply', () => {
    expect(serverDetail(new ApiError(409, 'x', { detail: 'Email already registered' }))).toBe(
      'Email already registered',
    );
    expect(serverDetail(new ApiError(400, 'x', { message: 'Bad input' }))).toBe('Bad input');
    expect(serverDetail(new ApiError(400, 'x', { detail: ' ', message: 'Bad input' }))).toBe('Bad input');
  });

  it('is undefined when the server sent no text, or for other errors', () => {
    expect(serverDetail(new ApiError(500, 'Request failed with status 500', undefined))).toBeUndefined();
    expect(serverDetail(new ApiError(400, 'x', { detail: [{ msg: 'x' }] }))).toBeUndefined();
    expect(serverDetail(new ApiError(502, 'Request failed: 502 Bad Gateway', '<html>'))).toBeUndefined();
    expect(serverDetail(new TypeError('Failed to fetch'))).toBeUndefined();
  });
});
