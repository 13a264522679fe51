import { describe, expect, it } from 'vitest';
import { deployment } from '@cairn/devnet';
import { frameConfigFromEnv } from '@cairn/frame/server';
import { frameSmartAccountEnv, stackPorts } from './stack.mjs';

describe('the local stack’s frame', () => {
  it('gets each bundler’s URL, the EntryPoint and the account factory, so an e-mail login has a smart account where a bundler runs', () => {
    const ports = { ...stackPorts(), chains: [{ chainId: 31337, port: 8545, bundler: 4337 }, { chainId: 31338, port: 8546 }] };
    const env = { FRAME_ALLOWED_ORIGINS: 'http://127.0.0.1:5173', CAIRN_SERVER_URL: 'http://127.0.0.1:8787', RPC_URL_31337: 'http://127.0.0.1:8545', RPC_URL_31338: 'http://127.0.0.1:8546', ...frameSmartAccountEnv(ports) };
    const { config } = frameConfigFromEnv(env);
    expect(config.networks.map((network) => [network.chainId, network.smartAccount])).toEqual([
      [31337, { bundlerUrl: 'http://127.0.0.1:4337', paymasterUrl: 'http://127.0.0.1:4337', entryPoint: deployment.contracts.entryPoint, factory: deployment.contracts.accountFactory }],
      [31338, undefined],
    ]);
  });

  it('has no smart account where no bundler runs', () => {
    expect(frameSmartAccountEnv({ ...stackPorts(), chains: [{ chainId: 31337, port: 8545 }] })).toEqual({});
  });
});
