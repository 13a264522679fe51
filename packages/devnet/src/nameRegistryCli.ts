// The local stack's Farcaster name registry (fnames' API): `node --import tsx packages/devnet/src/nameRegistryCli.ts`
// starts it on FARCASTER_NAME_REGISTRY_PORT (9450), signing with the devnet's registry key, prints `fnames: URL`
// and runs until stopped. A Farcaster app (a test's) registers its fid's name there with the fid's custody key.
import { startLocalNameRegistry } from './farcaster/nameRegistry.ts';

const raw = process.env.FARCASTER_NAME_REGISTRY_PORT;
const port = raw === undefined || raw === '' ? 9450 : Number(raw);
if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`FARCASTER_NAME_REGISTRY_PORT must be a port number, got "${raw}"`);

const registry = await startLocalNameRegistry({ port });
console.log(`fnames: ${registry.url} (signer ${registry.signer})`);
const stop = () => void registry.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
