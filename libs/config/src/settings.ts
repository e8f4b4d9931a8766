import { isIP } from 'node:net';
import type { Setting } from './config';

interface Options<T> {
  description: string;
  fallback?: T | (() => T);
}

/** A free text setting. */
export function text(options: Options<string>): Setting<string> {
  return { ...options, parse: (raw) => raw };
}

/** An integer setting within bounds. */
export function integer(options: Options<number> & { min?: number; max?: number }): Setting<number> {
  const { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = options;
  return {
    description: options.description,
    fallback: options.fallback,
    parse(raw) {
      if (!/^-?\d+$/.test(raw)) throw new Error(`must be a whole number, got "${raw}"`);
      const value = Number(raw);
      if (value < min || value > max) throw new Error(`must be between ${min} and ${max}, got ${value}`);
      return value;
    },
  };
}

/** A URL setting whose scheme is one of `protocols` (for example `postgres:`). */
export function url(options: Options<string> & { protocols: string[] }): Setting<string> {
  return {
    description: options.description,
    fallback: options.fallback,
    parse(raw) {
      let parsed: URL;
      try {
        parsed = new URL(raw);
      } catch {
        throw new Error('must be a URL');
      }
      if (!options.protocols.includes(parsed.protocol)) {
        throw new Error(`must start with ${options.protocols.map((p) => `${p}//`).join(' or ')}`);
      }
      return raw;
    },
  };
}

/** One of a fixed set of words. */
export function oneOf<T extends string>(options: Options<T> & { values: readonly T[] }): Setting<T> {
  return {
    description: options.description,
    fallback: options.fallback,
    parse(raw) {
      if (!(options.values as readonly string[]).includes(raw)) {
        throw new Error(`must be one of ${options.values.join(', ')}, got "${raw}"`);
      }
      return raw as T;
    },
  };
}

/** `true`/`false` (also `1`/`0`, `yes`/`no`). */
export function flag(options: Options<boolean>): Setting<boolean> {
  return {
    description: options.description,
    fallback: options.fallback,
    parse(raw) {
      const value = raw.toLowerCase();
      if (['true', '1', 'yes'].includes(value)) return true;
      if (['false', '0', 'no'].includes(value)) return false;
      throw new Error(`must be true or false, got "${raw}"`);
    },
  };
}

function parseKey32(raw: string): Buffer {
  const buffer = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (buffer.length !== 32) throw new Error('must be 32 bytes, as 64 hex characters or base64');
  return buffer;
}

/** A 32-byte key given as 64 hex characters or base64. */
export function key32(options: Options<Buffer>): Setting<Buffer> {
  return { description: options.description, fallback: options.fallback, parse: parseKey32 };
}

/** 32-byte keys, comma-separated, each as 64 hex characters or base64 (empty: none). */
export function key32List(options: Options<Buffer[]>): Setting<Buffer[]> {
  return {
    description: options.description,
    fallback: options.fallback,
    parse: (raw) =>
      raw
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .map(parseKey32),
  };
}

/**
 * Express `trust proxy`: `true`/`false`, a hop count, or comma-separated addresses, CIDRs and
 * the names `loopback`, `linklocal`, `uniquelocal`.
 */
export function trustProxy(options: Options<boolean | number | string[]>): Setting<boolean | number | string[]> {
  const names = ['loopback', 'linklocal', 'uniquelocal'];
  return {
    description: options.description,
    fallback: options.fallback,
    parse(raw) {
      const value = raw.toLowerCase();
      if (value === 'true' || value === 'false') return value === 'true';
      if (/^\d+$/.test(value)) return Number(value);
      const entries = raw.split(',').map((entry) => entry.trim()).filter(Boolean);
      const wrong = entries.filter((entry) => !names.includes(entry) && !isAddressOrCidr(entry));
      if (entries.length === 0 || wrong.length > 0) {
        throw new Error(`must be true, false, a hop count, or addresses, CIDRs, loopback, linklocal, uniquelocal; got "${wrong.join(',') || raw}"`);
      }
      return entries;
    },
  };
}

function isAddressOrCidr(entry: string): boolean {
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || isIP(address) === 0) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) <= max;
}

/** `DATA_ENCRYPTION_KEY_PREVIOUS` of every area that keeps data keys (ADR 0023). */
export const previousMasterKeysSetting = key32List({
  description: 'during a master key rotation only: the previous DATA_ENCRYPTION_KEY(s), comma-separated, which still unwrap the data keys not yet re-wrapped',
  fallback: [],
});
