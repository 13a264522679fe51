import { isSafeImageUrl } from '@cairn/core/rules';
import { useState } from 'react';
import { avatarGradient } from './avatarGradient.ts';

/** The account's avatar from its name record, or a gradient drawn from the address. */
export function Avatar({ address, image, size = 72 }: { address: string; image?: string; size?: number }) {
  const [failed, setFailed] = useState<string>();
  const style = { width: size, height: size, background: avatarGradient(address) };
  if (isSafeImageUrl(image) && failed !== image) {
    return <img className="avatar" style={style} src={image} alt="" onError={() => setFailed(image)} />;
  }
  return <span className="avatar" style={style} aria-hidden="true" />;
}
