import type { FramePlacement } from '@cairn/core';
import type { MountedFrame } from '../client/frameClient.ts';

/** The frame's own screen (approval, recovery code) is this large when the widget has not placed it. */
export const FRAME_SCREEN_SIZE = { width: 360, height: 480 } as const;

const HIDDEN = 'position:fixed;top:0;left:0;width:0;height:0;border:0;opacity:0;pointer-events:none';

/**
 * The iframe lives in the page's body, never moved (moving an iframe reloads it): hidden until the
 * frame's own screen opens, then shown over the widget's ApproveTransaction view when it says where
 * that is, else centred.
 */
export function mountPlaceableFrame(url: string): MountedFrame & { place(placement: FramePlacement | undefined): void } {
  const iframe = document.createElement('iframe');
  const failed = new AbortController();
  let open = false;
  let placement: FramePlacement | undefined;
  iframe.src = url;
  iframe.title = 'Cairn secure frame';
  iframe.referrerPolicy = 'origin';
  iframe.allow = 'publickey-credentials-get; clipboard-write';
  iframe.setAttribute('data-cairn-frame', '');
  const render = () => {
    if (!open) {
      iframe.style.cssText = HIDDEN;
      return;
    }
    const box = placement ?? {
      width: Math.min(FRAME_SCREEN_SIZE.width, innerWidth),
      height: Math.min(FRAME_SCREEN_SIZE.height, innerHeight),
      top: Math.max(0, (innerHeight - FRAME_SCREEN_SIZE.height) / 2),
      left: Math.max(0, (innerWidth - FRAME_SCREEN_SIZE.width) / 2),
    };
    iframe.style.cssText = `position:fixed;z-index:2147483647;top:${box.top}px;left:${box.left}px;width:${box.width}px;height:${box.height}px;border:0;border-radius:12px;background:transparent;color-scheme:normal`;
  };
  render();
  iframe.addEventListener('error', () => failed.abort());
  document.body.appendChild(iframe);
  if (!iframe.contentWindow) failed.abort();
  return {
    window: iframe.contentWindow!,
    failed: failed.signal,
    show: (value) => {
      open = value;
      render();
    },
    place: (value) => {
      placement = value && [value.top, value.left, value.width, value.height].every(Number.isFinite) ? value : undefined;
      render();
    },
    remove: () => iframe.remove(),
  };
}
