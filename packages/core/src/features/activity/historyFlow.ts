// Activity's actions, in a chunk of their own fetched when Activity opens (or on intent).
export { fetchTransactions } from './fetchTransactions.ts';
