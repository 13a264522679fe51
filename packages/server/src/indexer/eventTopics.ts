/** keccak256("Transfer(address,address,uint256)"): ERC-20 and ERC-721 share the event. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** keccak256("Withdrawal(address,uint256)"): WETH9 unwrapping. */
export const WITHDRAWAL_TOPIC = '0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65';
export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** The address in an indexed event topic (32 bytes, the last 20 the address), lowercase. */
export const topicAddress = (topic: string) => `0x${topic.slice(26)}`.toLowerCase();
