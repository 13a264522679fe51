import type { SocialLoginProvider } from '@cairn/core';
import { useCairnInstance } from '../../context.ts';
import { useT } from '../../i18n/useT.ts';
import { FarcasterLoginButton } from './FarcasterLoginButton.tsx';

const PROVIDER_NAMES: Record<SocialLoginProvider, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
};

/** Connect's social buttons (core's connectLoginOptions picks them); the popup opens in the click's task. */
export function SocialLoginButtons({ providers, farcaster = false }: { providers: readonly SocialLoginProvider[]; farcaster?: boolean }) {
  const cairn = useCairnInstance('SocialLoginButtons');
  const { t } = useT();
  return (
    <ul className="socials" aria-label={t('embeddedWallet.logInWithA')}>
      {providers.map((provider) => (
        <li key={provider}>
          <button
            type="button"
            className="btn btn-secondary social-button"
            data-provider={provider}
            onClick={() => void (cairn.loginWithSocial(provider).catch((cause: unknown) => console.warn('[cairn] social login', cause)))}
          >
            <span className="social-glyph" aria-hidden="true">
              {PROVIDER_NAMES[provider].slice(0, 1)}
            </span>
            {PROVIDER_NAMES[provider]}
          </button>
        </li>
      ))}
      {farcaster && <FarcasterLoginButton />}
    </ul>
  );
}
