/** FNV-1a, 32-bit: a fast, well-spread hash for picking colours; not for security. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * A placeholder avatar drawn from the address alone (no network call): the same address always
 * gets the same gradient, whatever its letter case.
 */
export function avatarGradient(seed: string): string {
  const hash = fnv1a(seed.trim().toLowerCase());
  const hue = hash % 360;
  const secondHue = (hue + 40 + ((hash >>> 9) % 120)) % 360;
  const angle = (hash >>> 17) % 360;
  return `linear-gradient(${angle}deg, hsl(${hue} 85% 62%), hsl(${secondHue} 75% 45%))`;
}
