// The local stack's social-login stand-in: `node --import tsx packages/devnet/src/oidcCli.ts` starts
// the OpenID Connect provider on OIDC_PORT for the client OIDC_CLIENT_ID / OIDC_CLIENT_SECRET,
// redirecting to OIDC_REDIRECT_URIS (comma-separated), prints `oidc: URL` and runs until stopped.
import { startLocalOidcProvider } from './oidcProvider.ts';

const port = Number(process.env.OIDC_PORT ?? 9400);
if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`OIDC_PORT must be a port number, got "${process.env.OIDC_PORT}"`);
const redirectUris = (process.env.OIDC_REDIRECT_URIS ?? '').split(',').map((uri) => uri.trim()).filter(Boolean);
if (redirectUris.length === 0) throw new Error('OIDC_REDIRECT_URIS must name the Cairn server callback');

const provider = await startLocalOidcProvider({ port, redirectUris, clientId: process.env.OIDC_CLIENT_ID, clientSecret: process.env.OIDC_CLIENT_SECRET });
console.log(`oidc: ${provider.issuer}`);
const stop = () => void provider.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
