export type Platform = 'mobile' | 'desktop';

const MOBILE_USER_AGENT = /Android|iPhone|iPad|iPod|Mobile|webOS|BlackBerry|IEMobile|Opera Mini/i;
/** At or below this width the modal is a phone layout and deep links replace the QR code. */
export const MOBILE_MAX_VIEWPORT_WIDTH = 600;

/** Issue 5: a phone is a mobile user agent or a narrow viewport. */
export function detectPlatform(input: { userAgent?: string; viewportWidth?: number }): Platform {
  if (input.userAgent && MOBILE_USER_AGENT.test(input.userAgent)) return 'mobile';
  if (input.viewportWidth !== undefined && input.viewportWidth > 0 && input.viewportWidth <= MOBILE_MAX_VIEWPORT_WIDTH) return 'mobile';
  return 'desktop';
}

/** The platform of the page the widget runs in. */
export function currentPlatform(): Platform {
  if (typeof window === 'undefined') return 'desktop';
  return detectPlatform({ userAgent: window.navigator?.userAgent, viewportWidth: window.innerWidth });
}
