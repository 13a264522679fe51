import { createWalletClient, defineChain, http, type PrivateKeyAccount } from 'viem';
import type { ApprovalRequest } from './approvalRequest.ts';

export interface SigningContext {
  signer: PrivateKeyAccount;
  chainId: number;
  /** The frame's own RPC URL for the chain: never one the site passes. */
  rpcUrl: string;
}

/** Does what the user approved: signs in the frame, and for a transaction sends it through the frame's RPC URL. */
export async function executeApproval(request: ApprovalRequest, { signer, chainId, rpcUrl }: SigningContext): Promise<`0x${string}`> {
  switch (request.method) {
    case 'personal_sign':
      return signer.signMessage({ message: request.message });
    case 'eth_signTypedData_v4':
      return signer.signTypedData(request.typedData);
    case 'eth_sendTransaction': {
      const chain = defineChain({ id: chainId, name: `Chain ${chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } });
      const client = createWalletClient({ account: signer, chain, transport: http(rpcUrl, { retryCount: 0 }) });
      return client.sendTransaction({ ...request.transaction, account: signer, chain } as Parameters<typeof client.sendTransaction>[0]);
    }
  }
}
