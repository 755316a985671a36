import { badParam } from './errors';
import type { FormObject, FormValue } from './form';

/**
 * Typed reading of one level of request parameters, with Stripe's messages for the usual mistakes
 * (unknown, missing, not an integer, not a boolean, not one of the allowed values). Nested levels are
 * read through `object()`/`objects()`, whose errors name the full bracketed parameter.
 */
export class Params {
  constructor(
    private readonly data: FormObject,
    private readonly prefix = '',
  ) {}

  static of(value: FormValue | undefined, prefix: string): Params {
    if (value === undefined || value === '') return new Params({}, prefix);
    if (typeof value === 'string' || Array.isArray(value)) throw badParam(`Invalid object`, prefix);
    return new Params(value, prefix);
  }

  name(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  /** Refuses any parameter not listed (`expand` is always allowed at the top level). */
  allow(...keys: string[]): this {
    for (const key of Object.keys(this.data)) {
      if (key === 'expand' && !this.prefix) continue;
      if (!keys.includes(key)) {
        throw badParam(`Received unknown parameter: ${this.name(key)}`, this.name(key), 'parameter_unknown');
      }
    }
    return this;
  }

  has(key: string): boolean {
    return this.data[key] !== undefined;
  }

  /** An empty string is Stripe's way of unsetting an emptyable field. */
  isEmpty(key: string): boolean {
    return this.data[key] === '';
  }

  keys(): string[] {
    return Object.keys(this.data);
  }

  raw(key: string): FormValue | undefined {
    return this.data[key];
  }

  string(key: string): string | undefined {
    const value = this.data[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw badParam(`Invalid string: ${this.name(key)}`, this.name(key));
    return value;
  }

  requiredString(key: string): string {
    const value = this.string(key);
    if (value === undefined || value === '') throw missing(this.name(key));
    return value;
  }

  integer(key: string): number | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!/^-?\d+$/.test(value.trim())) {
      throw badParam(`Invalid integer: ${value}`, this.name(key), 'parameter_invalid_integer');
    }
    return Number(value);
  }

  requiredInteger(key: string): number {
    const value = this.integer(key);
    if (value === undefined) throw missing(this.name(key));
    return value;
  }

  boolean(key: string): boolean | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (value !== 'true' && value !== 'false') {
      throw badParam(`Invalid boolean: ${value}`, this.name(key));
    }
    return value === 'true';
  }

  oneOf<T extends string>(key: string, allowed: readonly T[]): T | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!allowed.includes(value as T)) {
      throw badParam(
        `Invalid ${this.name(key)}: must be one of ${allowed.join(', ')}`,
        this.name(key),
        'parameter_invalid_string_enum',
      );
    }
    return value as T;
  }

  /** A unix timestamp, or `now` where Stripe accepts it. */
  timestamp(key: string, options: { allowNow?: boolean } = {}): number | 'now' | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (options.allowNow && value === 'now') return 'now';
    if (!/^\d+$/.test(value)) {
      throw badParam(`Invalid timestamp: must be an integer Unix timestamp.`, this.name(key));
    }
    return Number(value);
  }

  object(key: string): Params | undefined {
    const value = this.data[key];
    if (value === undefined || value === '') return undefined;
    return Params.of(value, this.name(key));
  }

  objects(key: string): Params[] {
    const value = this.data[key];
    if (value === undefined || value === '') return [];
    if (!Array.isArray(value)) throw badParam(`Invalid array`, this.name(key));
    return value.map((item, index) => Params.of(item, `${this.name(key)}[${index}]`));
  }

  strings(key: string): string[] | undefined {
    const value = this.data[key];
    if (value === undefined) return undefined;
    if (value === '') return [];
    if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
      throw badParam(`Invalid array`, this.name(key));
    }
    return value as string[];
  }

  /**
   * Metadata as Stripe merges it: `undefined` when absent, `null` to clear every key (`metadata=`),
   * else the keys to set (an empty value deletes that key).
   */
  metadata(key = 'metadata'): Record<string, string> | null | undefined {
    const value = this.data[key];
    if (value === undefined) return undefined;
    if (value === '') return null;
    if (typeof value === 'string' || Array.isArray(value)) throw badParam('Invalid hash', this.name(key));
    const result: Record<string, string> = {};
    for (const [k, v] of Object.entries(value)) {
      if (typeof v !== 'string') throw badParam('Invalid hash', `${this.name(key)}[${k}]`);
      result[k] = v;
    }
    return result;
  }
}

export function missing(param: string): Error {
  return badParam(`Missing required param: ${param}.`, param, 'parameter_missing');
}

export function mergeMetadata(
  current: Record<string, string>,
  update: Record<string, string> | null | undefined,
): Record<string, string> {
  if (update === undefined) return current;
  if (update === null) return {};
  const next = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === '') delete next[key];
    else next[key] = value;
  }
  return next;
}

export interface ListOptions {
  limit?: number;
  startingAfter?: string;
  endingBefore?: string;
}

export const LIST_PARAMS = ['limit', 'starting_after', 'ending_before'];

export function listOptions(params: Params): ListOptions {
  const limit = params.integer('limit');
  if (limit !== undefined && (limit < 1 || limit > 100)) {
    throw badParam('Invalid limit: must be between 1 and 100', 'limit');
  }
  return { limit, startingAfter: params.string('starting_after'), endingBefore: params.string('ending_before') };
}

/**
 * A list's `created` filter: a Unix timestamp (exactly then) or a range of `gt`, `gte`, `lt`, `lte`
 * (`created[gte]=…`), as Stripe's list endpoints take it. Without one, everything matches.
 */
export function createdFilter(params: Params): (created: number) => boolean {
  if (!params.has('created')) return () => true;
  if (typeof params.raw('created') === 'string') {
    const at = params.timestamp('created') as number;
    return (created) => created === at;
  }
  const range = params.object('created')!;
  range.allow('gt', 'gte', 'lt', 'lte');
  const [gt, gte, lt, lte] = (['gt', 'gte', 'lt', 'lte'] as const).map(
    (bound) => range.timestamp(bound) as number | undefined,
  );
  return (created) =>
    (gt === undefined || created > gt) &&
    (gte === undefined || created >= gte) &&
    (lt === undefined || created < lt) &&
    (lte === undefined || created <= lte);
}
