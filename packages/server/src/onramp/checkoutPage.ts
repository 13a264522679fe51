import type { CheckoutSession } from './onrampProviders.ts';

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const PAGE_CSS =
  'body{font:15px system-ui,sans-serif;max-width:380px;margin:40px auto;padding:0 16px;color:#1b1d22}' +
  'label{display:block;margin:12px 0 4px;font-weight:600}input,select{width:100%;box-sizing:border-box;padding:8px;font:inherit}' +
  'button{margin-top:16px;width:100%;padding:10px;font:inherit;font-weight:600;background:#2f6df6;color:#fff;border:0;border-radius:8px}' +
  '.note{color:#606672;font-size:13px}';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title><style>${PAGE_CSS}</style></head><body>${body}</body></html>`;
}

/** The local provider's checkout: amount, currency and a card form; a plain form, no script. */
export function checkoutPage(session: CheckoutSession, quoteText: string, confirmUrl: string): string {
  return page(
    `Buy Ether: ${session.provider.name}`,
    `<h1>Buy Ether</h1><p class="note" data-testid="checkout-provider">${escape(session.provider.name)}, a local test provider (fee ${session.provider.feePercent} %): no card is charged; the Ether is paid on the test network.</p>
<p>To <code>${escape(session.address)}</code></p>
<form method="post" action="${escape(confirmUrl)}">
<label for="amount">Amount</label><input id="amount" name="amount" inputmode="decimal" value="${session.fiatAmount}" readonly>
<label for="currency">Currency</label><input id="currency" name="currency" value="${session.fiatCurrency}" readonly>
<p data-testid="checkout-quote">${escape(quoteText)}</p>
<label for="card">Card number</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required pattern="[0-9 ]{12,23}">
<button type="submit">Pay ${session.fiatAmount} ${session.fiatCurrency}</button>
</form>`,
  );
}

export function paidPage(amountText: string, hash: string): string {
  return page(
    'Purchase complete',
    `<h1>Purchase complete</h1><p data-testid="checkout-done">${escape(amountText)} is on its way.</p><p class="note">Transaction <code>${escape(hash)}</code>. You can close this window.</p>`,
  );
}

export function errorPage(message: string): string {
  return page('Checkout', `<h1>Checkout</h1><p role="alert">${escape(message)}</p>`);
}
