import type { Product } from '../../../src/domain/products';
import { CURRENCY_ISO, ProductType, type CurrencyCode } from '../../../src/domain/products';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The built-in checkout page (no STRIPE_SECRET_KEY). Plain HTML forms, no script, so it works
 * under a strict Content-Security-Policy; it says plainly that no money moves.
 */
export function testCheckoutPage(sessionId: string, product: Product, open: boolean): string {
  const price = `${product.price.toFixed(2)} ${CURRENCY_ISO[product.currency as CurrencyCode].toUpperCase()}`;
  const per = product.type === ProductType.Subscription ? ' / year' : '';
  const base = `/api/stripe/test-checkout/${sessionId}`;
  const actions = open
    ? `<form method="post" action="${base}/complete"><button type="submit" class="pay">Pay ${escapeHtml(price)}</button></form>
  <form method="post" action="${base}/cancel"><button type="submit">Cancel</button></form>`
    : '<p>This checkout is already finished.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Test payment — no money is moved</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; color: #111; background: #fff; }
  .banner { background: #fde68a; color: #111; border: 2px solid #b45309; padding: .75rem; border-radius: .5rem; font-weight: 600; }
  form { display: inline-block; margin: 1rem .5rem 0 0; }
  button { font-size: 1rem; padding: .6rem 1.2rem; border-radius: .4rem; border: 1px solid #555; background: #f4f4f5; color: #111; cursor: pointer; }
  button.pay { background: #1d4ed8; border-color: #1d4ed8; color: #fff; }
</style>
</head>
<body>
<main>
  <p class="banner" role="alert">Test payment — no money is moved</p>
  <h1>${escapeHtml(product.name)}</h1>
  <p>${escapeHtml(product.description)}</p>
  <p><strong>${escapeHtml(price)}${per}</strong></p>
  ${actions}
</main>
</body>
</html>
`;
}
