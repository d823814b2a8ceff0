/**
 * Sends the browser to a checkout address the server answered: the built-in test page (same
 * origin) or Stripe Checkout. Only http(s) addresses are followed; anything else is refused.
 * Its own module so screen tests can see the address without leaving the page.
 */
export function goToCheckout(url: string): void {
  const target = new URL(url, window.location.href);
  if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new Error(`Refusing to open checkout address ${target.protocol}`);
  window.location.assign(target.href);
}
