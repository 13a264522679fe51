// `@cairn/frame`: the protocol both sides share and the widget's client. The frame page's own code
// (key custody, the host) is built into the page and is not exported: a site never bundles it.
export * from './client/index.ts';
