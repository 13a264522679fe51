import { formatEther, hexToString, isHex } from 'viem';
import type { WalletChain } from './performRequest.ts';

/** What the person approving a request needs to read, per method. */
export type RequestSummary =
  | { kind: 'message'; text: string }
  | { kind: 'transaction'; to: string; value: string; data: string | undefined }
  | { kind: 'typedData'; primaryType: string; domain: string }
  | { kind: 'switchChain'; chain: string }
  | { kind: 'other'; params: string };

/** personal_sign carries the message as hex of its UTF-8 bytes; show the text when it is text. */
export function decodeMessage(message: string): string {
  if (!isHex(message)) return message;
  try {
    const text = hexToString(message);
    // Control characters other than line breaks and tabs mean it was bytes, not text.
    return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffd]/.test(text) ? message : text;
  } catch {
    return message;
  }
}

export function chainName(chains: readonly WalletChain[], caip2OrId: string | number): string {
  const id = typeof caip2OrId === 'number' ? caip2OrId : Number(caip2OrId.includes(':') ? caip2OrId.split(':')[1] : caip2OrId);
  return chains.find((chain) => chain.chainId === id)?.name ?? `Chain ${Number.isNaN(id) ? caip2OrId : id}`;
}

export function describeRequest(method: string, params: unknown, chains: readonly WalletChain[]): RequestSummary {
  const list = (Array.isArray(params) ? params : []) as unknown[];
  switch (method) {
    case 'personal_sign':
      return { kind: 'message', text: decodeMessage(String(list[0] ?? '')) };
    case 'eth_sendTransaction':
    case 'eth_signTransaction': {
      const tx = (list[0] ?? {}) as { to?: string; value?: string; data?: string; input?: string };
      const data = tx.data ?? tx.input;
      return {
        kind: 'transaction',
        to: tx.to ?? '(new contract)',
        value: `${formatEther(BigInt(tx.value ?? 0))} ETH`,
        data: data && data !== '0x' ? data : undefined,
      };
    }
    case 'eth_signTypedData_v4': {
      try {
        const typed = typeof list[1] === 'string' ? JSON.parse(list[1]) : list[1];
        return { kind: 'typedData', primaryType: String(typed?.primaryType ?? '?'), domain: String(typed?.domain?.name ?? '?') };
      } catch {
        return { kind: 'other', params: String(list[1]) };
      }
    }
    case 'wallet_switchEthereumChain': {
      const [{ chainId } = { chainId: '?' }] = list as [{ chainId: string }?];
      return { kind: 'switchChain', chain: chainName(chains, Number(chainId)) };
    }
    default:
      return { kind: 'other', params: JSON.stringify(params) };
  }
}
