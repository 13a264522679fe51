import type { Migration } from 'kysely';
import * as initial from './0001_initial.ts';
import * as auth from './0002_auth.ts';
import * as authAttempts from './0003_auth_attempts.ts';
import * as onramp from './0004_onramp.ts';
import * as embeddedLogin from './0005_embedded_login.ts';
import * as signInNetworks from './0006_sign_in_networks.ts';
import * as socialFlowBinding from './0007_social_flow_binding.ts';
import * as emailAttempts from './0008_email_attempts.ts';
import * as onrampAndNameLimits from './0009_onramp_and_name_limits.ts';
import * as indexerLeases from './0010_indexer_leases.ts';
import * as deviceRequests from './0011_device_requests.ts';
import * as farcasterChannels from './0012_farcaster_channels.ts';
import * as onrampPurchaseStatus from './0013_onramp_purchase_status.ts';
import * as farcasterCompletion from './0014_farcaster_completion.ts';
import * as deviceRequestsByCode from './0015_device_requests_by_code.ts';
import * as farcasterCheckedName from './0016_farcaster_checked_name.ts';
import * as loginDevice from './0017_login_device.ts';
import * as usedProofs from './0018_used_proofs.ts';
import * as deviceRequestRequester from './0019_device_request_requester.ts';

/** Every migration, by name, in order. One list serves SQLite and PostgreSQL. */
export const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_auth': auth,
  '0003_auth_attempts': authAttempts,
  '0004_onramp': onramp,
  '0005_embedded_login': embeddedLogin,
  '0006_sign_in_networks': signInNetworks,
  '0007_social_flow_binding': socialFlowBinding,
  '0008_email_attempts': emailAttempts,
  '0009_onramp_and_name_limits': onrampAndNameLimits,
  '0010_indexer_leases': indexerLeases,
  '0011_device_requests': deviceRequests,
  '0012_farcaster_channels': farcasterChannels,
  '0013_onramp_purchase_status': onrampPurchaseStatus,
  '0014_farcaster_completion': farcasterCompletion,
  '0015_device_requests_by_code': deviceRequestsByCode,
  '0016_farcaster_checked_name': farcasterCheckedName,
  '0017_login_device': loginDevice,
  '0018_used_proofs': usedProofs,
  '0019_device_request_requester': deviceRequestRequester,
};
