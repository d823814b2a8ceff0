import { SubscriptionMessages, type AttentionSubscription, type CompanySubscription, type Product, type ProductInput } from '../domain/products';
import { ApiError, api } from './http';

/** The server's 404 for a company that never subscribed (not an error for the screens: "no plan yet"). */
export const NO_SUBSCRIPTION = SubscriptionMessages.None;

/** How DELETE /product/{id} ended: gone, or kept deactivated because a subscription or checkout refers to it. */
export type ProductRemoval = { removed: true } | { removed: false; product: Product };

const productPath = (id: string) => `/product/${encodeURIComponent(id)}`;
const subscriptionPath = (companyId: string) => `/subscription/${encodeURIComponent(companyId)}`;

/**
 * A fresh Idempotency-Key per write: the client retries a request once after a network failure,
 * and a POST the server did record must not be made twice (a second product, a second session).
 */
const once = () => ({ headers: { 'Idempotency-Key': crypto.randomUUID() } });

/** The product catalogue (docs/api.md "Products, subscriptions and checkout"). */
export const productsApi = {
  /** Every product, subscriptions first, then by price (Admin). */
  all: () => api.get<Product[]>('/product'),
  /** The products on sale (public). */
  active: () => api.get<Product[]>('/product/active'),
  create: (input: ProductInput) => api.post<Product>('/product', input, once()),
  update: (id: string, input: ProductInput) => api.put<Product>(productPath(id), { ...input, id }),
  /** 204 removes it; 200 `{removed: false, product}` keeps it deactivated for the history of those using it. */
  remove: async (id: string): Promise<ProductRemoval> => {
    const answer = await api.delete<{ removed: false; product: Product } | undefined>(productPath(id));
    return answer ?? { removed: true };
  },
};

/** A company's subscription; `{id}` in these addresses is the company's id. */
export const subscriptionsApi = {
  /** The company's subscription, or null when it never had one (the server's 404 'This company has no subscription'). */
  current: async (companyId: string): Promise<CompanySubscription | null> => {
    try {
      return await api.get<CompanySubscription>(subscriptionPath(companyId));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404 && error.message === NO_SUBSCRIPTION) return null;
      throw error;
    }
  },
  pause: (companyId: string, reason: string) => api.post<CompanySubscription>(`${subscriptionPath(companyId)}/pause`, { reason }, once()),
  resume: (companyId: string) => api.post<CompanySubscription>(`${subscriptionPath(companyId)}/resume`, undefined, once()),
  /** Final: the benefits stay until the period end. */
  cancel: (companyId: string) => api.post<CompanySubscription>(`${subscriptionPath(companyId)}/cancel`, undefined, once()),
  /** The subscriptions an Admin must look at (PastDue, Incomplete, Unpaid), oldest first. */
  attention: () => api.get<AttentionSubscription[]>('/subscription'),
};

/** Checkout: the answer is the address to send the browser to (the test checkout page, or Stripe's). */
export const checkoutApi = {
  createSession: (request: { productId: string; companyId: string }) =>
    api.post<{ url: string }>('/stripe/create-checkout-session', request, once()),
};
