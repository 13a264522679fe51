// `@cairn/bitcoin/esplora`: the Esplora HTTP chain source (browser and server).
export { createEsploraClient, EsploraError, type EsploraClientOptions } from './esploraClient.ts';
export type * from '../chainSource.ts';
