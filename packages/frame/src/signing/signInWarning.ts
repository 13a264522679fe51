import { fill, type Translate } from '@cairn/core/rules';
import { parseCaip122MessageText, signInAccountLabel } from '@cairn/core/signIn';

/** A domain or URI longer than this is cut in the warning (a host name has at most 253 characters), so it cannot push the screen's rows away. */
const MAX_SHOWN_SITE = 256;

/** The approval screen's warning for a sign-in message written for another site than the one asking. */
export const otherSiteSignInText = (site: string, t: Translate = fill) =>
  t('signIn.thisSiteIsAsking', { site: site.length > MAX_SHOWN_SITE ? `${site.slice(0, MAX_SHOWN_SITE)}…` : site });

/** The origin `domain` (EIP-4361: an RFC 3986 authority, with an optional scheme) names, or undefined when it names none. */
function originOfDomain(domain: string, siteProtocol: string): string | undefined {
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(domain);
  try {
    const url = new URL(scheme ? domain : `${siteProtocol}//${domain}`);
    // An authority only: user info, a path, a query or a fragment make it some other text.
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash || /[/?#]$/.test(domain)) return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

function originOfUri(uri: string): string | undefined {
  try {
    return new URL(uri).origin;
  } catch {
    return undefined;
  }
}

/**
 * A message in the sign-in layout of EIP-4361 / CAIP-122 ("{domain} wants you to sign in with your
 * … account:") whose domain or URI is not the asking site's origin (the channel's handshake, never a
 * name the site gives itself): a site that gets it signed can sign in as the user elsewhere. Read
 * by the layout alone (parseCaip122MessageText), not the strict grammar, so a message that bends
 * the grammar to skip the check is still read; a first line alone is enough to name the domain.
 * Returns the warning, or undefined when the message is no sign-in text or is for this site.
 */
export function signInWarning(message: string, siteOrigin: string, t: Translate = fill): string | undefined {
  const label = signInAccountLabel(message);
  if (label === undefined) return undefined;
  const header = message.split('\n', 1)[0]!;
  const domain = header.slice(0, header.length - ` wants you to sign in with your ${label} account:`.length);
  let uri: string | undefined;
  try {
    uri = parseCaip122MessageText(label, message).uri;
  } catch {
    uri = /^URI: (.*)$/m.exec(message)?.[1];
  }
  const site = new URL(siteOrigin);
  if (originOfDomain(domain, site.protocol) !== site.origin) return otherSiteSignInText(domain, t);
  if (uri !== undefined && originOfUri(uri) !== site.origin) return otherSiteSignInText(uri, t);
  return undefined;
}
