import type { CaipNetwork } from '@cairn/core';
import { avatarGradient } from './avatarGradient.ts';

/** A network's mark: its initial on a colour drawn from its CAIP-2 id (networks carry no icon). */
export function NetworkBadge({ network, size = 32 }: { network: CaipNetwork | undefined; size?: number }) {
  return (
    <span
      className="network-badge"
      data-unknown={network ? undefined : ''}
      style={{
        width: size,
        height: size,
        fontSize: Math.round(size * 0.42),
        background: network ? avatarGradient(network.caipNetworkId) : undefined,
      }}
      aria-hidden="true"
    >
      {network ? network.name.trim().charAt(0).toUpperCase() : '?'}
    </span>
  );
}
