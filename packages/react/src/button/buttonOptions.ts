import { DEFAULT_BUTTON_OPTIONS, type ButtonOptions } from './buttonView.ts';

export interface ConnectButtonProps {
  /** The text while disconnected. Default 'Connect Wallet'. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  /** Show the balance beside the address; per screen size as RainbowKit has it. Default: large screens only. */
  showBalance?: boolean | { smallScreen: boolean; largeScreen: boolean };
  /** A network chip in the connected button. Default false (see NetworkButton). */
  showNetwork?: boolean;
}

const SIZES = ['sm', 'md', 'lg'] as const;

function warn(prop: string, expected: string): void {
  console.error(`[cairn] <ConnectButton ${prop}>: expected ${expected}; using the default`);
}

function readBalance(value: unknown): ButtonOptions['balance'] | undefined {
  if (value === undefined) return undefined;
  if (value === true) return 'always';
  if (value === false) return 'never';
  if (typeof value === 'object' && value !== null) {
    const { smallScreen, largeScreen } = value as Record<string, unknown>;
    if (typeof smallScreen === 'boolean' && typeof largeScreen === 'boolean') {
      if (smallScreen && largeScreen) return 'always';
      if (!smallScreen && !largeScreen) return 'never';
      return largeScreen ? 'largeScreen' : 'smallScreen';
    }
  }
  warn('showBalance', 'true, false or { smallScreen: boolean, largeScreen: boolean }');
  return undefined;
}

/**
 * The button's options from its props. A bad prop falls back to its default with a console
 * error naming it, rather than breaking the site's render.
 */
export function buttonOptionsFrom(props: ConnectButtonProps): ButtonOptions {
  const options = { ...DEFAULT_BUTTON_OPTIONS };
  const { label, size, showNetwork } = props as Record<string, unknown>;
  if (label !== undefined) {
    if (typeof label === 'string' && label.trim().length > 0 && label.length <= 64) options.label = label;
    else warn('label', 'a non-empty string of at most 64 characters');
  }
  if (size !== undefined) {
    if ((SIZES as readonly unknown[]).includes(size)) options.size = size as ButtonOptions['size'];
    else warn('size', `one of ${SIZES.join(', ')}`);
  }
  const balance = readBalance(props.showBalance);
  if (balance) options.balance = balance;
  if (showNetwork !== undefined) {
    if (typeof showNetwork === 'boolean') options.showNetwork = showNetwork;
    else warn('showNetwork', 'true or false');
  }
  return options;
}
