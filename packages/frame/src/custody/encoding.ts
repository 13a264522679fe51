import { base64urlnopad } from '@scure/base';

/** Bytes on the wire and in stored records: unpadded base64url. */
export const toBase64url = (bytes: Uint8Array): string => base64urlnopad.encode(bytes);
export const fromBase64url = (text: string): Uint8Array => base64urlnopad.decode(text);

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** A copy in a plain ArrayBuffer: WebCrypto takes BufferSource, and a view over a shared or larger buffer is not one. */
export const buffer = (bytes: Uint8Array): ArrayBuffer => bytes.slice().buffer as ArrayBuffer;
