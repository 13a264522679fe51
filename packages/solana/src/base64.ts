/** Base64 of bytes (transactions to and from the RPC), with the platform's own codec. */
export function base64Encode(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Bytes of base64 text (a signed transaction a remote wallet answers with). */
export function base64Decode(text: string): Uint8Array {
  const binary = atob(text);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
