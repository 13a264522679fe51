/** Little-endian fixed-width integers and Solana's compact-u16 ("shortvec") length prefix. */

export function u8(value: number): Uint8Array {
  if (!Number.isInteger(value) || value < 0 || value > 0xff) throw new RangeError(`Not a u8: ${value}`);
  return Uint8Array.of(value);
}

export function u32(value: number): Uint8Array {
  if (!Number.isInteger(value) || value < 0 || value > 0xffff_ffff) throw new RangeError(`Not a u32: ${value}`);
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value, true);
  return bytes;
}

export const U64_MAX = (1n << 64n) - 1n;

export function u64(value: bigint): Uint8Array {
  if (value < 0n || value > U64_MAX) throw new RangeError(`Not a u64: ${value}`);
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, value, true);
  return bytes;
}

export function readU64(bytes: Uint8Array, offset: number): bigint {
  if (offset + 8 > bytes.length) throw new RangeError('u64 out of range');
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getBigUint64(offset, true);
}

export function compactU16(value: number): Uint8Array {
  if (!Number.isInteger(value) || value < 0 || value > 0xffff) throw new RangeError(`Not a u16: ${value}`);
  const out: number[] = [];
  let rest = value;
  for (;;) {
    const low = rest & 0x7f;
    rest >>= 7;
    if (rest === 0) {
      out.push(low);
      return Uint8Array.from(out);
    }
    out.push(low | 0x80);
  }
}

/** Reads a compact-u16 at `offset`; returns the value and how many bytes it took. */
export function readCompactU16(bytes: Uint8Array, offset: number): { value: number; size: number } {
  let value = 0;
  for (let size = 0; size < 3; size++) {
    const byte = bytes[offset + size];
    if (byte === undefined) throw new RangeError('compact-u16 runs past the end');
    value |= (byte & 0x7f) << (7 * size);
    if ((byte & 0x80) === 0) {
      if (value > 0xffff) throw new RangeError('compact-u16 too large');
      return { value, size: size + 1 };
    }
  }
  throw new RangeError('compact-u16 longer than 3 bytes');
}

export function concatBytes(...parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
