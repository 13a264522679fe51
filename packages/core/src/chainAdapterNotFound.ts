// SPEC §8's 'Chain adapter not found', in a module of its own for the context's account lookup,
// which the button's first load needs: importing errors.ts there would put every error text and
// helper into the page's entry, shared with the lazy chunks that use them (issue 29). ErrorText
// lists it with the others.
export const CHAIN_ADAPTER_NOT_FOUND = 'Chain adapter not found';
