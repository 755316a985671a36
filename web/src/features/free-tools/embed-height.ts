/**
 * The currency converter's frame asks for its height with postMessage (spec part 2, section 1). Only
 * messages from the configured converter's origin count, and the height is kept within sane bounds, so
 * another frame or a bad value cannot collapse the page or stretch it endlessly.
 */

export const MIN_EMBED_HEIGHT_PX = 200;
export const MAX_EMBED_HEIGHT_PX = 4000;

/** The origin of the configured embed URL, or null when there is none. */
export function embedOrigin(embedUrl: string | null): string | null {
  if (!embedUrl) return null;
  try {
    return new URL(embedUrl).origin;
  } catch {
    return null;
  }
}

function readHeight(data: unknown): number | null {
  if (typeof data === 'number') return data;
  if (typeof data === 'string') {
    const trimmed = data.trim();
    if (trimmed.startsWith('{')) {
      try {
        return readHeight(JSON.parse(trimmed));
      } catch {
        return null;
      }
    }
    const match = /^(?:height[:=]\s*)?(\d+(?:\.\d+)?)(?:px)?$/i.exec(trimmed);
    return match ? Number(match[1]) : null;
  }
  if (typeof data === 'object' && data !== null) {
    const { height, frameHeight } = data as Record<string, unknown>;
    const value = height ?? frameHeight;
    return typeof value === 'number' || typeof value === 'string' ? readHeight(value) : null;
  }
  return null;
}

/**
 * The height (px) a message asks for, or null when the message is not a height message from the
 * converter. Accepts a number, '640', '640px', 'height:640', {height: 640} and the same as JSON text.
 */
export function embedHeightFromMessage(origin: string, data: unknown, allowedOrigin: string | null): number | null {
  if (!allowedOrigin || origin !== allowedOrigin) return null;
  const height = readHeight(data);
  if (height === null || !Number.isFinite(height) || height <= 0) return null;
  return Math.round(Math.min(MAX_EMBED_HEIGHT_PX, Math.max(MIN_EMBED_HEIGHT_PX, height)));
}
