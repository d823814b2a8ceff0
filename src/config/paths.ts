/** The Admin Center's sections, each an address under /admin. */
export type AdminSection =
  | 'approvals/companies' | 'approvals/listings' | 'approvals/events' | 'approvals/subscriptions'
  | 'categories' | 'category-services' | 'subcategories' | 'subcategory-services'
  | 'regions' | 'products' | 'settings';

export type CompanyView = 'details' | 'listings' | 'subscription' | 'events';
export type ListingEditMode = 'create' | 'edit' | 'view';

/** Every route of the app in one place: screens build links with these, never by hand. */
export const paths = {
  home: { path: '/', href: () => '/' },
  homeAlias: { path: '/home', href: () => '/home' },
  advertise: { path: '/advertise', href: () => '/advertise' },
  contactUs: { path: '/contact-us', href: () => '/contact-us' },
  terms: { path: '/terms-and-conditions', href: () => '/terms-and-conditions' },
  privacy: { path: '/privacy-policy', href: () => '/privacy-policy' },
  login: { path: '/login', href: (returnTo?: string) => (returnTo ? `/login?returnTo=${encodeURIComponent(returnTo)}` : '/login') },
  register: { path: '/register', href: () => '/register' },
  forgotPassword: { path: '/forgot-password', href: () => '/forgot-password' },
  resetPassword: { path: '/reset-password', href: () => '/reset-password' },
  confirmEmail: { path: '/confirm-email', href: () => '/confirm-email' },
  profile: { path: '/profile', href: () => '/profile' },
  search: { path: '/search', href: (q: string) => `/search?q=${encodeURIComponent(q)}` },
  /** Browse; the query string (category, search, filters, sort, page) comes from features/browse/url-state. */
  listings: { path: '/listings/*?', href: (query = '') => (query ? `/listings?${query}` : '/listings') },
  listing: { path: '/listing/:id', href: (id: string) => `/listing/${encodeURIComponent(id)}` },
  messages: { path: '/messages', href: () => '/messages' },
  /** One conversation of the messages screen; with companyId it is opened from the company's side. */
  chat: {
    path: '/messages',
    href: (chatId: string, companyId?: string | null) => {
      const q = new URLSearchParams(companyId ? { isCompany: 'true', companyId, chatId } : { chatId });
      return `/messages?${q.toString()}`;
    },
  },
  /** A customer's chat about a listing, started (or reopened) by the messages screen (spec 3 §2). */
  newListingChat: {
    path: '/messages',
    href: (p: { companyId: string; companyName: string; listingId: string; listingName: string }) =>
      `/messages?${new URLSearchParams({ mode: 'newChat', ...p }).toString()}`,
  },
  favorites: { path: '/favorites', href: () => '/favorites' },
  planner: { path: '/planner', href: () => '/planner' },
  /** The event wizard: 'Create Event' without an id, 'Edit Event' with one. */
  plannerEvent: {
    path: '/planner/event',
    href: (id?: string) => (id ? `/planner/event?id=${encodeURIComponent(id)}` : '/planner/event'),
  },
  /** A company's view of an event that matches its listings. */
  companyEvent: {
    path: '/company/event/:eventId',
    href: (eventId: string, companyId: string) =>
      `/company/event/${encodeURIComponent(eventId)}?companyId=${encodeURIComponent(companyId)}`,
  },
  /** The other address spec 3 gives for the company's view of an event. */
  companyEventAlias: { path: '/events/:eventId', href: (eventId: string, companyId: string) => `/events/${encodeURIComponent(eventId)}?companyId=${encodeURIComponent(companyId)}` },
  /** The public page of an approved event. */
  event: { path: '/event/:eventId', href: (eventId: string) => `/event/${encodeURIComponent(eventId)}` },
  /** An Admin's review of one event awaiting approval. */
  eventReview: { path: '/admin/approvals/events/:id', href: (id: string) => `/admin/approvals/events/${encodeURIComponent(id)}` },
  /** Messages about an event, opened by a company (the chat screen reads these parameters). */
  eventChat: {
    path: '/messages',
    href: (p: { eventId: string; companyId: string; customerId: string }) =>
      `/messages?${new URLSearchParams({ mode: 'new-event-chat', isCompany: 'true', ...p }).toString()}`,
  },
  companies: { path: '/companies', href: () => '/companies' },
  /** Without companyId: the create form; with it the hub, or one view (details, listings, subscription, events). */
  company: {
    path: '/company',
    href: (companyId?: string, view?: CompanyView) => {
      if (!companyId) return '/company';
      const q = new URLSearchParams({ companyId });
      if (view) q.set('view', view);
      return `/company?${q.toString()}`;
    },
  },
  /** The company side of one listing: create, edit or view. */
  companyListing: {
    path: '/company/listing',
    href: (companyId: string, mode: ListingEditMode, listingId?: string) => {
      const q = new URLSearchParams({ companyId });
      if (listingId) q.set('listingId', listingId);
      q.set('mode', mode);
      return `/company/listing?${q.toString()}`;
    },
  },
  /** A company's public overview; `review` is the admin's approval view. */
  companyOverview: {
    path: '/company-overview',
    href: (companyId: string, review = false) =>
      `/company-overview?companyId=${encodeURIComponent(companyId)}${review ? '&mode=review' : ''}`,
  },
  /** Statistics of a company, or of one of its listings. */
  companyStatistics: {
    path: '/company-statistics',
    href: (companyId: string, listingId?: string) =>
      `/company-statistics?companyId=${encodeURIComponent(companyId)}${listingId ? `&listingId=${encodeURIComponent(listingId)}` : ''}`,
  },
  /** The analytics report of a company (spec 2: route not shown; ours). */
  companyAnalytics: {
    path: '/company-analytics',
    href: (companyId: string) => `/company-analytics?companyId=${encodeURIComponent(companyId)}`,
  },
  /** Where a completed checkout lands (spec 2: the payment success page; the server's redirect). */
  paymentSuccess: {
    path: '/company/order-complete/success',
    href: (companyId: string, productId: string) =>
      `/company/order-complete/success?${new URLSearchParams({ companyId, productId }).toString()}`,
  },
  /** A listing opened by an Admin to approve or reject it. */
  listingReview: { path: '/listing/:id', href: (id: string) => `/listing/${encodeURIComponent(id)}?mode=review` },
  companyMessages: {
    path: '/messages',
    href: (companyId: string) => `/messages?isCompany=true&companyId=${encodeURIComponent(companyId)}`,
  },
  admin: { path: '/admin', href: () => '/admin' },
  /** The Admin Center's sections (screens of later issues; each card links to its own). */
  adminSection: {
    path: '/admin/:section+',
    href: (section: AdminSection) => `/admin/${section}`,
  },
  /** An Admin's page of one category with its sub-categories. */
  adminCategory: { path: '/admin/categories/:id', href: (id: string) => `/admin/categories/${encodeURIComponent(id)}` },
  /** An Admin's page of one sub-category with its services (spelled as spec 3 §2). */
  adminSubCategory: { path: '/admin/subCategories/:id', href: (id: string) => `/admin/subCategories/${encodeURIComponent(id)}` },
  forbidden: { path: '/403', href: () => '/403' },
  notFound: { path: '/404', href: () => '/404' },
  serverError: { path: '/500', href: () => '/500' },
} as const;

/** Paths (and their sub-paths) that need a logged-in user (spec 1 §2). */
export const LOGIN_REQUIRED = ['/messages', '/favorites', '/profile', '/planner', '/companies', '/company', '/company-analytics', '/admin'];
const PUBLIC_COMPANY_PREFIXES = ['/company-overview', '/company-statistics', '/company/event/'];

export function needsLogin(pathname: string): boolean {
  const p = pathname.toLowerCase();
  if (PUBLIC_COMPANY_PREFIXES.some((prefix) => p.startsWith(prefix))) return false;
  return LOGIN_REQUIRED.some((prefix) => p === prefix || p.startsWith(`${prefix}/`));
}

export const needsAdmin = (pathname: string) => /^\/admin(\/|$)/i.test(pathname);

/** Only same-site paths are followed after login (no open redirect to another origin). */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}
