import type { FrameRequestName } from './events.ts';

/**
 * SPEC §7's app events, in its words, and the requests of the protocol table that carry each (a
 * step of its flow may take more than one: a social login asks for the provider's page first).
 * SPEC §4 names the same flows; each is answered by its success or error event.
 */
export const SPEC_APP_EVENTS: Record<string, readonly FrameRequestName[]> = {
  'switch network': ['SWITCH_NETWORK'],
  'connect e-mail': ['CONNECT_EMAIL'],
  device: ['CONNECT_DEVICE'],
  otp: ['CONNECT_OTP'],
  social: ['GET_SOCIAL_REDIRECT_URI', 'CONNECT_SOCIAL'],
  farcaster: ['GET_FARCASTER_URI', 'CONNECT_FARCASTER'],
  'get user': ['GET_USER'],
  'sign out': ['SIGN_OUT'],
  'is connected': ['IS_CONNECTED'],
  'chain id': ['GET_CHAIN_ID'],
  'smart account networks': ['GET_SMART_ACCOUNT_ENABLED_NETWORKS'],
  'preferred account': ['SET_PREFERRED_ACCOUNT'],
  'RPC request': ['RPC_REQUEST'],
  'update e-mail': ['UPDATE_EMAIL', 'UPDATE_EMAIL_PRIMARY_OTP', 'UPDATE_EMAIL_SECONDARY_OTP'],
  'sync theme': ['SYNC_THEME'],
  'sync dapp data': ['SYNC_DAPP_DATA'],
  reload: ['RELOAD'],
};
