import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { Link, useLocation, useSearch } from 'wouter';
import { productsApi } from '../../api/products';
import { paths } from '../../config/paths';
import { session } from '../../state/session';
import { pullOwnCompany } from '../../sync/entities/companies';
import { buttonClass } from '../../ui/Button';
import { usePulled } from '../../ui/usePulled';

/** Spec 2 §2: the success page counts down 10 s, then goes to the company. */
export const PAYMENT_REDIRECT_SECONDS = 10;

/**
 * Where a paid checkout lands (/company/order-complete/success?companyId&productId): says the
 * payment went through, names the product when it is known, refreshes the company on this device
 * (its new tokens show at once) and counts down 10 s to the company, with 'Go now'. Without a
 * company to go to it sends the user to their companies.
 */
export default function PaymentSuccessPage() {
  const params = new URLSearchParams(useSearch());
  const companyId = params.get('companyId');
  const productId = params.get('productId');
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!companyId) navigate(paths.companies.href(), { replace: true });
  }, [companyId, navigate]);
  return companyId ? <PaymentSuccess companyId={companyId} productId={productId} /> : null;
}

function PaymentSuccess({ companyId, productId }: { companyId: string; productId: string | null }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const { user } = useSnapshot(session);
  const userId = user?.id ?? null;
  const heading = useRef<HTMLHeadingElement>(null);
  const [left, setLeft] = useState(PAYMENT_REDIRECT_SECONDS);
  // WCAG 2.2.1: a timed move can be stopped. The spec's 10 s countdown stays the default.
  const [staying, setStaying] = useState(false);
  // Filled after the first paint: text put into a live region already there is announced.
  const [announced, setAnnounced] = useState(false);
  const target = paths.company.href(companyId);

  // The grant happened on the server: pull the company so the hub shows its new tokens. A failure
  // is no matter here (the hub pulls it again).
  usePulled(userId ? `paid:${userId}:${companyId}` : null, () => pullOwnCompany(userId!, companyId), { reconnect: 'never' });
  // The product's name, when it is still on sale (the active list is public).
  const { value: products } = usePulled(productId ? 'products:active' : null, productsApi.active, { reconnect: 'never' });
  const productName = products?.find((p) => p.id === productId)?.name ?? null;

  useEffect(() => {
    heading.current?.focus();
    const announce = setTimeout(() => setAnnounced(true), 0);
    return () => clearTimeout(announce);
  }, []);
  useEffect(() => {
    if (staying) return;
    const tick = setInterval(() => setLeft((n) => Math.max(0, n - 1)), 1000);
    return () => clearInterval(tick);
  }, [staying]);
  useEffect(() => {
    if (left === 0 && !staying) navigate(target, { replace: true });
  }, [left, staying, navigate, target]);

  const seconds = left;
  const total = PAYMENT_REDIRECT_SECONDS;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center" data-testid="payment-success">
      <span aria-hidden="true" className="inline-flex h-16 w-16 items-center justify-center rounded-full border-2 border-success text-3xl text-success">✓</span>
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold outline-none"><Trans>Payment successful</Trans></h1>
      {productName
        ? <p className="text-lg" data-testid="paid-product"><Trans>Thank you for buying {productName}.</Trans></p>
        : <p className="text-lg"><Trans>Thank you for your purchase.</Trans></p>}
      <p className="text-muted"><Trans>Your new listing tokens and event clicks are on your company.</Trans></p>
      {/* The visible countdown changes every second; read out once, by the status below. */}
      {!staying && (
        <p aria-hidden="true" className="text-sm" data-testid="redirect-countdown">
          <Trans>Taking you to your company in {seconds} s…</Trans>
        </p>
      )}
      <p role="status" className="sr-only" data-testid="redirect-announcement">
        {staying ? t`You stay on this page.` : announced ? t`Taking you to your company in ${total} seconds.` : ''}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link href={target} replace className={buttonClass('primary')} data-testid="go-now"><Trans>Go now</Trans></Link>
        {!staying && (
          <button type="button" className={buttonClass('secondary')} onClick={() => setStaying(true)} data-testid="stay-here">
            <Trans>Stay on this page</Trans>
          </button>
        )}
      </div>
    </div>
  );
}
