import { embedHeightFromMessage, embedOrigin } from './embed-height';

const ORIGIN = 'https://fx.example.com';

describe('embedOrigin', () => {
  it('is the origin of the configured URL', () => {
    expect(embedOrigin('https://fx.example.com/embed?from=USD&to=EUR')).toBe(ORIGIN);
    expect(embedOrigin(null)).toBeNull();
  });
});

describe('embedHeightFromMessage', () => {
  it.each([
    [640, 640],
    ['640', 640],
    ['640px', 640],
    ['height:640', 640],
    [{ height: 640 }, 640],
    [{ frameHeight: '512.4' }, 512],
    ['{"height":700}', 700],
  ])('reads %j', (data, height) => {
    expect(embedHeightFromMessage(ORIGIN, data, ORIGIN)).toBe(height);
  });

  it('keeps the height within bounds', () => {
    expect(embedHeightFromMessage(ORIGIN, 20, ORIGIN)).toBe(200);
    expect(embedHeightFromMessage(ORIGIN, 1e9, ORIGIN)).toBe(4000);
  });

  it('ignores other origins, no configuration and other messages', () => {
    expect(embedHeightFromMessage('https://evil.example', 640, ORIGIN)).toBeNull();
    expect(embedHeightFromMessage('https://fx.example.com.evil.example', 640, ORIGIN)).toBeNull();
    expect(embedHeightFromMessage(ORIGIN, 640, null)).toBeNull();
    for (const data of [null, undefined, 'hello', { type: 'ready' }, -5, 0, Number.NaN, '{broken', [640]]) {
      expect(embedHeightFromMessage(ORIGIN, data, ORIGIN)).toBeNull();
    }
  });
});
