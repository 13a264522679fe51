// Every wallet feature, one line each. createCairn, the resets on disconnect and on network
// change, and the test context are built from this list (featureList.ts); React has its own (its
// views and entries). Re-exports, not an array, so that the published declarations load each
// feature's types too (an array's declaration would name only CairnFeature).
export { sendFeature } from './send/sendFeature.ts';
export { swapFeature } from './swap/swapFeature.ts';
export { buyFeature } from './buy/buyFeature.ts';
export { receiveFeature } from './receive/receiveFeature.ts';
export { namesFeature } from './names/namesFeature.ts';
export { activityFeature } from './activity/activityFeature.ts';
export { siwxFeature } from './siwx/siwxFeature.ts';
export { walletConnectFeature } from './walletConnect/walletConnectFeature.ts';
export { catalogueFeature } from './catalogue/catalogueFeature.ts';
export { networksFeature } from './networks/networksFeature.ts';
export { analyticsFeature } from './analytics/analyticsFeature.ts';
export { legalFeature } from './legal/legalFeature.ts';
export { embeddedWalletFeature } from './embeddedWallet/embeddedWalletFeature.ts';
export { accountTypesFeature } from './accountTypes/accountTypesFeature.ts';
