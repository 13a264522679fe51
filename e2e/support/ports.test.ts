import { describe, expect, it } from 'vitest';
import { E2E_PORTS, EPHEMERAL_PORTS_FROM } from './ports.ts';

const portsOf = (value: unknown): number[] =>
  typeof value === 'number'
    ? [value]
    : typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([key, inner]) => (key === 'chainId' ? [] : portsOf(inner)))
      : [];

describe('E2E_PORTS', () => {
  it("stay below Linux's ephemeral range at the highest offset, each port once", () => {
    const ports = portsOf(E2E_PORTS);
    const highest = 1000; // E2E_PORT_OFFSET's bound; these are read at offset 0 here
    for (const port of ports) expect(port + 2 * highest + 1).toBeLessThan(EPHEMERAL_PORTS_FROM);
    expect(new Set(ports).size).toBe(ports.length);
  });
});
