import { useCairnInstance } from '../../context.ts';

/** Connect's Farcaster button, among the social ones: Sign In With Farcaster opens ConnectingFarcaster (SPEC §2). */
export function FarcasterLoginButton() {
  const cairn = useCairnInstance('FarcasterLoginButton');
  return (
    <li>
      <button type="button" className="btn btn-secondary social-button" data-provider="farcaster" onClick={() => void cairn.loginWithFarcaster().catch((cause: unknown) => console.warn('[cairn] farcaster login', cause))}>
        <span className="social-glyph" aria-hidden="true">
          F
        </span>
        Farcaster
      </button>
    </li>
  );
}
