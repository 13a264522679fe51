export { cairnConnector, type CairnConnectorOptions } from './cairnConnector.ts';
