/** Base64 of bytes (transactions to and from the RPC), with the platform's own codec. */
export function base64Encode(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
