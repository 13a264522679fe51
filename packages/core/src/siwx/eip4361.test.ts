import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildSiweMessage, generateNonce, parseSiweMessage, SiweError, toChecksumAddress, type SiweFields } from './eip4361.ts';

const vectorFile = (path: string) => JSON.parse(readFileSync(new URL(`../../../../vectors/${path}`, import.meta.url), 'utf8'));
const siwe = (name: string) => vectorFile(`siwe/${name}.json`);

/** The vectors write an absent scheme as null; our fields leave it out. */
function fieldsOf(raw: Record<string, unknown>): SiweFields {
  return Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== null)) as unknown as SiweFields;
}

type Positive = Record<string, { message: string; fields: Record<string, unknown> }>;
const positives = [
  ...Object.entries(siwe('spruceid/parsing_positive') as Positive).map(([name, v]) => ({ name: `spruceid: ${name}`, ...v })),
  ...Object.entries(siwe('signinwithethereum/parsing_positive') as Positive).map(([name, v]) => ({ name: `signinwithethereum: ${name}`, ...v })),
  ...(siwe('erc4361_spec_examples').examples as { name: string; message: string; fields: Record<string, unknown> }[]).map((v) => ({ ...v, name: `ERC-4361 text: ${v.name}` })),
];

describe('parseSiweMessage and buildSiweMessage on the positive vectors', () => {
  it.each(positives)('parses $name into its fields', ({ message, fields }) => {
    expect(parseSiweMessage(message)).toEqual(fieldsOf(fields));
  });
  it.each(positives)('builds $name back byte for byte', ({ message, fields }) => {
    expect(buildSiweMessage(fieldsOf(fields))).toBe(message);
  });
});

describe('parseSiweMessage refuses the negative vectors', () => {
  const negatives = [
    ...Object.entries(siwe('spruceid/parsing_negative') as Record<string, string>).map(([name, message]) => ({ name: `spruceid: ${name}`, message })),
    ...Object.entries(siwe('signinwithethereum/parsing_negative') as Record<string, string>).map(([name, message]) => ({ name: `signinwithethereum: ${name}`, message })),
  ];
  it.each(negatives)('$name', ({ message }) => {
    expect(() => parseSiweMessage(message)).toThrow(SiweError);
  });
});

describe('buildSiweMessage refuses the negative field sets', () => {
  const negatives = [
    ...Object.entries(siwe('spruceid/parsing_negative_objects') as Record<string, SiweFields>).map(([name, fields]) => ({ name: `spruceid: ${name}`, fields })),
    ...Object.entries(siwe('signinwithethereum/parsing_negative_objects') as Record<string, SiweFields>).map(([name, fields]) => ({ name: `signinwithethereum: ${name}`, fields })),
  ];
  it.each(negatives)('$name', ({ fields }) => {
    expect(() => buildSiweMessage(fields)).toThrow(SiweError);
  });

  it('names the field in the error', () => {
    const fields = siwe('spruceid/parsing_negative_objects')['address not EIP-55'] as SiweFields;
    expect(() => buildSiweMessage(fields)).toThrow('Invalid SIWE message: address is not EIP-55 checksummed');
    try {
      buildSiweMessage(fields);
    } catch (error) {
      expect((error as SiweError).field).toBe('address');
    }
  });
});

describe('siwe-rs inline vectors', () => {
  const inline = siwe('siwe-rs_inline_vectors');
  it.each(inline.parsing as { name: string; message: string; expected: string }[])('$name: $expected', ({ message, expected }) => {
    if (expected === 'valid') expect(buildSiweMessage(parseSiweMessage(message))).toBe(message);
    else expect(() => parseSiweMessage(message)).toThrow(SiweError);
  });
  it.each(inline.verification_eip191 as { name: string; message: string }[])('parses and round-trips the message of $name', ({ message }) => {
    expect(buildSiweMessage(parseSiweMessage(message))).toBe(message);
  });
  it.each(inline.eip55_is_checksummed.valid as string[])('EIP-55: %s is checksummed', (address) => {
    expect(toChecksumAddress(address)).toBe(address);
  });
  it.each(inline.eip55_is_checksummed.invalid as { input: string }[])('EIP-55: $input is not checksummed', ({ input }) => {
    expect(toChecksumAddress(input)).not.toBe(input);
  });
});

describe('EIP-55 vectors (shared/vectors/eth)', () => {
  const eip55 = vectorFile('eth/eip55_checksum.json');
  const template = (address: string) =>
    `example.com wants you to sign in with your Ethereum account:\n${address}\n\n\nURI: https://example.com\nVersion: 1\nChain ID: 1\nNonce: 32891756\nIssued At: 2021-09-30T16:25:24Z`;
  it.each(eip55.eip55_valid as { address: string }[])('accepts $address', ({ address }) => {
    expect(parseSiweMessage(template(address)).address).toBe(address);
  });
  it.each(eip55.valid_from_ethers_test as { input: string }[])('accepts $input', ({ input }) => {
    expect(parseSiweMessage(template(input)).address).toBe(input);
  });
  it.each(eip55.invalid_strict_checksum as { input: string }[])('refuses $input (not in checksum form)', ({ input }) => {
    expect(() => parseSiweMessage(template(input))).toThrow('address is not EIP-55 checksummed');
  });
  it.each(eip55.invalid as { input: unknown; reason: string }[])('refuses $input ($reason)', ({ input }) => {
    expect(() => parseSiweMessage(template(String(input)))).toThrow(SiweError);
  });
});

describe('signinwithethereum extra vectors', () => {
  const sw = (name: string) => Object.entries(siwe(`signinwithethereum/${name}`));

  // The decomposition into scheme/host/port/... is not checked: the parser keeps the URI whole.
  it.each(sw('valid_uris') as [string, { msg: string }][])('valid URI: %s', (_name, { msg }) => {
    const uri = /\nURI: (.*)\n/.exec(msg)![1];
    expect(parseSiweMessage(msg).uri).toBe(uri);
  });
  it.each(sw('invalid_uris') as [string, string][])('invalid URI: %s', (_name, msg) => {
    expect(() => parseSiweMessage(msg)).toThrow(SiweError);
  });
  it.each(sw('valid_resources') as [string, { msg: string; resources: string[] }][])('valid resources: %s', (_name, { msg, resources }) => {
    expect(parseSiweMessage(msg).resources).toEqual(resources);
  });
  it.each(sw('invalid_resources') as [string, string][])('invalid resources: %s', (_name, msg) => {
    expect(() => parseSiweMessage(msg)).toThrow(SiweError);
  });
  it.each(sw('valid_specification') as [string, { msg: string; items: Record<string, unknown> }][])('specification: %s', (_name, { msg, items }) => {
    const fields = parseSiweMessage(msg);
    for (const [key, value] of Object.entries(items)) expect(fields[key as keyof SiweFields] ?? null).toEqual(value);
    expect(buildSiweMessage(fields)).toBe(msg);
  });
  it.each(sw('message_objects') as [string, { msg: SiweFields; error: string }][])('message object: %s', (_name, { msg, error }) => {
    if (error === 'none') expect(() => buildSiweMessage(msg)).not.toThrow();
    else expect(() => buildSiweMessage(msg)).toThrow(SiweError);
  });

  // ABNF rule tests, each run through the message part where that rule is the whole grammar.
  const base = {
    domain: 'example.com', address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', uri: 'https://example.com', version: '1',
    chainId: 1, nonce: '32891756', issuedAt: '2021-09-30T16:25:24Z',
  } as const;
  const message = (fields: Partial<SiweFields> & { origin?: string }) => {
    const built = buildSiweMessage({ ...base, ...fields, ...(fields.origin ? { domain: 'example.com' } : {}) } as SiweFields);
    return fields.origin ? built.replace(/^example\.com/, fields.origin) : built;
  };
  const placeIn: Record<string, (input: string) => string> = {
    scheme: (input) => message({ origin: `${input}://example.com` }),
    statement: (input) => message({ origin: 'example.com' }).replace('\n\n\nURI', () => `\n\n${input}\n\nURI`),
    userinfo: (input) => message({ origin: `${input}@example.com` }),
    IPvFuture: (input) => message({ origin: `[${input}]` }),
    'reg-name': (input) => message({ origin: input }),
    // request-id = *pchar: the one place where a bare pchar run is the whole value.
    'segment-nz': (input) => `${message({})}\nRequest ID: ${input}`,
    'pct-encoded': (input) => `${message({})}\nRequest ID: ${input}`,
    fragment: (input) => message({ origin: 'example.com' }).replace('URI: https://example.com', () => `URI: uri:#${input}`),
  };
  const chars = [...sw('valid_chars'), ...sw('invalid_chars')] as [string, { rule: string; input: string; answer: boolean }][];
  it.each(chars)('ABNF rule %s', (_name, { rule, input, answer }) => {
    const text = placeIn[rule]!(input);
    if (answer) expect(() => parseSiweMessage(text)).not.toThrow();
    else expect(() => parseSiweMessage(text)).toThrow(SiweError);
  });
});

describe('checks beyond the vectors', () => {
  const valid = positives[0]!.message;
  it('refuses a trailing line break and CRLF line ends', () => {
    expect(() => parseSiweMessage(`${valid}\n`)).toThrow(SiweError);
    expect(() => parseSiweMessage(valid.replaceAll('\n', '\r\n'))).toThrow(SiweError);
  });
  it('refuses dates that do not exist', () => {
    for (const date of ['2021-02-29T00:00:00Z', '2021-04-31T00:00:00Z', '2021-01-01T24:00:00Z', '2021-01-01T00:00:00+25:00', '2021-01-01 00:00:00Z']) {
      expect(() => parseSiweMessage(valid.replace('2021-09-30T16:25:24.000Z', date)), date).toThrow('issuedAt');
    }
    expect(parseSiweMessage(valid.replace('2021-09-30T16:25:24.000Z', '2024-02-29T23:59:59.5+05:30')).issuedAt).toBe('2024-02-29T23:59:59.5+05:30');
  });
  it('refuses a chain id with leading zeros or beyond 2^53', () => {
    expect(() => parseSiweMessage(valid.replace('Chain ID: 1', 'Chain ID: 01'))).toThrow('chain ID');
    expect(() => parseSiweMessage(valid.replace('Chain ID: 1', 'Chain ID: 99999999999999999999'))).toThrow('chain ID');
  });
  it('stays fast on a long hostile URI', () => {
    const started = performance.now();
    expect(() => parseSiweMessage(valid.replace('URI: https://service.org/login', `URI: a://${'a'.repeat(20_000)}@@`))).toThrow(SiweError);
    expect(() => parseSiweMessage(valid.replace('URI: https://service.org/login', `URI: a:${'/a'.repeat(10_000)} `))).toThrow(SiweError);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('generateNonce', () => {
  it('makes 17 alphanumeric characters by default, and different ones each time', () => {
    const a = generateNonce();
    expect(a).toMatch(/^[A-Za-z0-9]{17}$/);
    expect(generateNonce()).not.toBe(a);
    expect(generateNonce(32)).toMatch(/^[A-Za-z0-9]{32}$/);
  });
  it('refuses fewer than 8 characters', () => {
    expect(() => generateNonce(7)).toThrow(RangeError);
  });
});
