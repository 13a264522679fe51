import { avatarGradient } from './avatarGradient.ts';

/** A placeholder avatar: a gradient drawn from the address, so no image is fetched. */
export function Avatar({ address, size = 72 }: { address: string; size?: number }) {
  return (
    <span
      className="avatar"
      style={{ width: size, height: size, background: avatarGradient(address) }}
      aria-hidden="true"
    />
  );
}
