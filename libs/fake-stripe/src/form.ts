/** A value of a form-encoded Stripe request once its bracket notation is unfolded. */
export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

export class FormSyntaxError extends Error {}

/**
 * Parses `application/x-www-form-urlencoded` with Stripe's bracket notation: `metadata[k]=v` is an object,
 * `items[0][price]=p` and `expand[]=x` are arrays (indexes give the order, `[]` appends). Values stay strings;
 * each parameter is typed where it is read (see params.ts), as Stripe does.
 */
export function parseForm(body: string): FormObject {
  const root: Container = { kind: 'object', entries: new Map() };
  for (const pair of body.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = decode(eq < 0 ? pair : pair.slice(0, eq));
    const value = eq < 0 ? '' : decode(pair.slice(eq + 1));
    assign(root, splitKey(key), value);
  }
  return toValue(root) as FormObject;
}

type Container = { kind: 'object' | 'array'; entries: Map<string, Container | string> };

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    throw new FormSyntaxError(`Invalid URL encoding: ${text}`);
  }
}

/** `a[b][0][]` → ['a', 'b', '0', ''] */
function splitKey(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0) return [key];
  const parts = [key.slice(0, open)];
  const rest = key.slice(open);
  const pattern = /\[([^\]]*)\]/g;
  let consumed = 0;
  for (let match = pattern.exec(rest); match; match = pattern.exec(rest)) {
    if (match.index !== consumed) break;
    parts.push(match[1]);
    consumed = match.index + match[0].length;
  }
  if (consumed !== rest.length) throw new FormSyntaxError(`Invalid parameter name: ${key}`);
  return parts;
}

function assign(container: Container, path: string[], value: string): void {
  let current = container;
  for (let i = 0; i < path.length; i += 1) {
    const isLast = i === path.length - 1;
    let segment = path[i];
    if (i > 0 && (segment === '' || /^\d+$/.test(segment))) {
      if (current.entries.size === 0) current.kind = 'array';
    } else if (i > 0) {
      current.kind = 'object';
    }
    if (segment === '') segment = String(current.entries.size);
    if (isLast) {
      current.entries.set(segment, value);
      return;
    }
    const existing = current.entries.get(segment);
    if (existing === undefined || typeof existing === 'string') {
      const next: Container = { kind: 'object', entries: new Map() };
      current.entries.set(segment, next);
      current = next;
    } else {
      current = existing;
    }
  }
}

function toValue(entry: Container | string): FormValue {
  if (typeof entry === 'string') return entry;
  if (entry.kind === 'array') {
    return [...entry.entries.entries()].sort(([a], [b]) => Number(a) - Number(b)).map(([, value]) => toValue(value));
  }
  const result: FormObject = {};
  for (const [key, value] of entry.entries) result[key] = toValue(value);
  return result;
}
