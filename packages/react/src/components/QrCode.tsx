import { lazyModule } from '@cairn/core';
import { useEffect, useMemo, useState } from 'react';
import { WalletIcon } from './WalletIcon.tsx';
import { useT } from '../i18n/useT.ts';

export interface QrCodeProps {
  value: string;
  /** Accessible name of the code. */
  label: string;
  /** A wallet's logo, drawn in a cleared centre square. */
  logo?: string;
  /** Shown when the encoder cannot load: what to use instead. */
  fallbackText?: string;
  testId?: string;
}

const QUIET_ZONE = 4;

type QrModule = typeof import('./qrPath.ts');
/**
 * The QR encoder is its own chunk: the modal's first open does not pay for it, and it loads while
 * the WalletConnect client starts, so it is there before the first URI.
 */
const qrEncoder = lazyModule(() => import('./qrPath.ts'));
export const loadQrEncoder = (): Promise<QrModule> => qrEncoder.load();

/** The encoder, or 'failed' when its chunk could not be fetched. */
function useQrEncoder(): QrModule | 'failed' | undefined {
  const [module, setModule] = useState<QrModule | 'failed' | undefined>(qrEncoder.loaded);
  useEffect(() => {
    if (module) return;
    let live = true;
    loadQrEncoder().then(
      (loaded) => live && setModule(loaded),
      (error: unknown) => {
        console.warn('[cairn] could not load the QR encoder', error);
        if (live) setModule('failed');
      },
    );
    return () => {
      live = false;
    };
  }, [module]);
  return module;
}

/** Dark on white whatever the theme, with a quiet zone: what phone cameras read best. */
export function QrCode({ value, label, logo, fallbackText, testId = 'walletconnect-qr' }: QrCodeProps) {
  const encoder = useQrEncoder();
  const { t } = useT();
  const path = useMemo(() => (encoder && encoder !== 'failed' ? encoder.qrPath(value, logo !== undefined) : undefined), [encoder, value, logo]);
  if (encoder === 'failed') {
    // The link still works: the view's Copy link button sits under the code.
    return (
      <div className="qr qr-placeholder" role="alert">
        <p className="muted">{fallbackText ?? t('qrCode.couldNotDrawThe')}</p>
      </div>
    );
  }
  if (!path) {
    return (
      <div className="qr qr-placeholder" aria-busy="true" aria-label={t('common.preparingTheQrCode')}>
        <span className="spinner" aria-hidden="true" />
      </div>
    );
  }
  const box = path.size + QUIET_ZONE * 2;
  return (
    <div className="qr" role="img" aria-label={label} data-testid={testId} data-uri={value}>
      <svg viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${box} ${box}`} shapeRendering="crispEdges" aria-hidden="true">
        <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={box} height={box} fill="var(--cairn-qr-background)" />
        <path d={path.d} fill="var(--cairn-qr-foreground)" />
      </svg>
      {logo !== undefined && (
        <span className="qr-logo">
          <WalletIcon src={logo} size={48} />
        </span>
      )}
    </div>
  );
}
