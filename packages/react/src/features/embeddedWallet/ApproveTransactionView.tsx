import { useEffect, useLayoutEffect, useRef } from 'react';
import { useCairnInstance } from '../../context.ts';
import { useStoreState } from '../../hooks/useStoreState.ts';
import { useResolvedTheme } from '../../theme/useResolvedTheme.ts';
import { msg, useT } from '../../i18n/useT.ts';
import type { FramePromptKind } from '@cairn/core';

/** What the view says under the frame, by what the frame's screen asks (its title is in viewTitle.ts). */
const FRAME_PROMPT_HINTS: Record<FramePromptKind, string> = {
  approval: msg('embeddedWallet.reviewTheRequestIn'),
  protectWallet: msg('embeddedWallet.writeDownTheRecovery'),
  recoverWallet: msg('embeddedWallet.enterYourRecoveryCode'),
  exportWallet: msg('embeddedWallet.yourRecoveryPhraseShows'),
  manageDevices: msg('embeddedWallet.yourDevicesShowIn'),
  confirmFarcaster: msg('embeddedWallet.checkTheFarcasterAccount'),
};

/**
 * SPEC §2 ApproveTransaction: hosts the secure frame's own screen (the request, decoded, and its
 * Approve button; or a new wallet's recovery code, ...), named for what it asks. The frame is not
 * in the modal's DOM (it would reload if moved): it is laid over this box, and follows it when the
 * page scrolls or resizes.
 */
export default function ApproveTransactionView() {
  const cairn = useCairnInstance('ApproveTransactionView');
  const { t } = useT();
  const box = useRef<HTMLDivElement>(null);
  const { themeMode } = useStoreState(cairn.stores.theme);
  useStoreState(cairn.stores.router);
  const framePrompt = cairn.stores.router.current().data?.framePrompt ?? 'approval';
  const palette = useResolvedTheme(themeMode);
  useEffect(() => cairn.syncFrameTheme(palette), [cairn, palette]);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    // Followed every frame while shown (the modal animates in, the page scrolls or resizes); told only on a change.
    let last = '';
    let frame = 0;
    const place = () => {
      const rect = element.getBoundingClientRect();
      const key = `${rect.top},${rect.left},${rect.width},${rect.height}`;
      if (key !== last) {
        last = key;
        cairn.placeFrame({ top: rect.top, left: rect.left, width: rect.width, height: rect.height });
      }
      frame = requestAnimationFrame(place);
    };
    place();
    return () => {
      cancelAnimationFrame(frame);
      cairn.placeFrame(undefined);
    };
  }, [cairn]);
  return (
    <div className="approve">
      <div ref={box} className="approve-frame" data-testid="approve-frame-box">
        <span className="spinner" aria-hidden="true" />
      </div>
      <p className="muted">{t(FRAME_PROMPT_HINTS[framePrompt])}</p>
    </div>
  );
}
