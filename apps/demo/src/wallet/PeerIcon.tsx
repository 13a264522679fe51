/**
 * A site's icon, only when it is served from this machine (or inline): the wallet page fetches
 * nothing beyond 127.0.0.1, so any other icon becomes the site's initial.
 */
export function PeerIcon({ name, icons }: { name: string; icons: readonly string[] | undefined }) {
  const local = icons?.find((icon) => {
    try {
      const url = new URL(icon);
      return url.protocol === 'data:' || ['127.0.0.1', 'localhost'].includes(url.hostname);
    } catch {
      return false;
    }
  });
  if (local) return <img className="peer-icon" src={local} alt="" width={40} height={40} />;
  return (
    <span className="peer-icon peer-initial" aria-hidden="true">
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}
