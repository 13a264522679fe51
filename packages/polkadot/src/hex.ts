/** 0x-prefixed lowercase hex of bytes. */
export const toHex = (bytes: Uint8Array): string => `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
