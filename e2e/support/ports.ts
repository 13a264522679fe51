// The e2e stack runs on its own ports so that a running `npm start` does not get in its way.
export const E2E_PORTS = {
  demo: 24173,
  server: 28787,
  chains: [
    { chainId: 31337, port: 28545 },
    { chainId: 31338, port: 28546 },
  ],
};
