import { Suspense, useEffect, type ComponentType } from 'react';
import { parse } from 'regexparam';
import { matchRoute, Route, Switch } from 'wouter';
import { ForbiddenPage, NotFoundPage, ServerErrorPage } from '../features/errors/ErrorPage';
import { lazyComponent, type LazyComponent } from '../ui/lazyComponent';
import { Spinner } from '../ui/Spinner';
import { replayEarlyTaps } from './early-taps';
import { replayStartSnapshotTap } from '../ui/start-snapshot';
import { withCatalog } from './i18n';
import { needsAdmin, needsLogin, paths } from '../config/paths';

type ScreenModule = Promise<{ default: ComponentType }>;

// A screen loads with the messages beyond the shell's catalog (src/app/i18n.ts); home is part of
// the shell and its messages are already in.
const page = (load: () => ScreenModule) => lazyComponent(withCatalog(load));

// Every screen is its own chunk, loaded when its route is first visited, or ahead of the first
// render for the address the app opens at (preloadScreen, called by main.tsx). The error pages
// are tiny and also serve the error boundary, so they stay in the main bundle.
const HomePage = lazyComponent(() => import('../features/home/HomePage'));
const AdvertisePage = page(() => import('../features/info/AdvertisePage'));
const ContactUsPage = page(() => import('../features/info/ContactUsPage'));
const TermsPage = page(() => import('../features/info/TermsPage'));
const PrivacyPage = page(() => import('../features/info/PrivacyPage'));
const LoginPage = page(() => import('../features/auth/LoginPage'));
const RegisterPage = page(() => import('../features/auth/RegisterPage'));
const ForgotPasswordPage = page(() => import('../features/auth/ForgotPasswordPage'));
const ResetPasswordPage = page(() => import('../features/auth/ResetPasswordPage'));
const ConfirmEmailPage = page(() => import('../features/auth/ConfirmEmailPage'));
const SearchPage = page(() => import('../features/search/SearchPage'));
const BrowsePage = page(() => import('../features/browse/BrowsePage'));
const ListingPage = page(() => import('../features/listing/ListingPage'));
const FavoritesPage = page(() => import('../features/favorites/FavoritesPage'));
const MessagesPage = page(() => import('../features/messages/MessagesPage'));
const ProfilePage = page(() => import('../features/profile/ProfilePage'));
const AdminCenterPage = page(() => import('../features/admin/AdminCenterPage'));
const AdminSettingsPage = page(() => import('../features/admin-settings/AdminSettingsPage'));
const CompaniesPage = page(() => import('../features/companies/CompaniesPage'));
// The hub's Listings and Events views are other features' screens: the shell hands them to the company page
// (features do not import each other), loaded only when the view is opened.
const CompanyListingsView = lazyComponent(() => import('../features/company-listings/CompanyListingsView'));
const CompanyEventsView = lazyComponent(() => import('../features/company-events/CompanyEventsView'));
const CompanySubscriptionView = lazyComponent(() => import('../features/subscriptions/CompanySubscriptionView'));
const CompanyPage = page(() => import('../features/companies/CompanyPage').then(({ default: Page }) => ({
  default: function CompanyPageWithListings() {
    return <Page listingsView={CompanyListingsView} eventsView={CompanyEventsView} subscriptionView={CompanySubscriptionView} />;
  },
})));
const CompanyOverviewPage = page(() => import('../features/company-overview/CompanyOverviewPage'));
const CompanyListingPage = page(() => import('../features/company-listing/CompanyListingPage'));
const PlannerPage = page(() => import('../features/planner/PlannerPage'));
const EventWizardPage = page(() => import('../features/planner/EventWizardPage'));
const CompanyEventPage = page(() => import('../features/events/CompanyEventPage'));
const EventPage = page(() => import('../features/events/EventPage'));
const EventApprovalsPage = page(() => import('../features/approvals/EventApprovalsPage'));
const EventReviewPage = page(() => import('../features/approvals/EventReviewPage'));
const RegionsAdminPage = page(() => import('../features/regions/RegionsAdminPage'));
const CompanyApprovalsPage = page(() => import('../features/approvals/CompanyApprovalsPage'));
const ListingApprovalsPage = page(() => import('../features/approvals/ListingApprovalsPage'));
const CategoriesAdminPage = page(() => import('../features/taxonomy-admin/CategoriesAdminPage'));
const CategoryAdminPage = page(() => import('../features/taxonomy-admin/CategoryAdminPage'));
const CategoryServicesAdminPage = page(() => import('../features/taxonomy-admin/CategoryServicesAdminPage'));
const SubCategoryServicesAdminPage = page(() => import('../features/taxonomy-admin/SubCategoryServicesAdminPage'));
const SubCategoriesAdminPage = page(() => import('../features/taxonomy-admin/SubCategoriesAdminPage'));
const SubCategoryAdminPage = page(() => import('../features/taxonomy-admin/SubCategoryAdminPage'));
const AdminProductsPage = page(() => import('../features/products/AdminProductsPage'));
const SubscriptionApprovalsPage = page(() => import('../features/subscriptions/SubscriptionApprovalsPage'));
const PaymentSuccessPage = page(() => import('../features/subscriptions/PaymentSuccessPage'));
const CompanyStatisticsPage = page(() => import('../features/statistics/CompanyStatisticsPage'));
const CompanyAnalyticsPage = page(() => import('../features/analytics/CompanyAnalyticsPage'));

/** The routed screens in the order the switch tries them. */
const SCREENS: ReadonlyArray<readonly [string, LazyComponent<object>]> = [
  [paths.home.path, HomePage],
  [paths.homeAlias.path, HomePage],
  [paths.advertise.path, AdvertisePage],
  [paths.contactUs.path, ContactUsPage],
  [paths.terms.path, TermsPage],
  [paths.privacy.path, PrivacyPage],
  [paths.search.path, SearchPage],
  [paths.listings.path, BrowsePage],
  [paths.listing.path, ListingPage],
  [paths.favorites.path, FavoritesPage],
  [paths.messages.path, MessagesPage],
  [paths.login.path, LoginPage],
  [paths.register.path, RegisterPage],
  [paths.forgotPassword.path, ForgotPasswordPage],
  [paths.resetPassword.path, ResetPasswordPage],
  [paths.confirmEmail.path, ConfirmEmailPage],
  [paths.profile.path, ProfilePage],
  [paths.planner.path, PlannerPage],
  [paths.plannerEvent.path, EventWizardPage],
  [paths.companyEvent.path, CompanyEventPage],
  [paths.companyEventAlias.path, CompanyEventPage],
  // Without an event id the company's view sends the visitor to /companies (spec 3 §2).
  ['/company/event', CompanyEventPage],
  ['/events', CompanyEventPage],
  [paths.event.path, EventPage],
  [paths.companies.path, CompaniesPage],
  [paths.paymentSuccess.path, PaymentSuccessPage],
  [paths.companyStatistics.path, CompanyStatisticsPage],
  [paths.companyAnalytics.path, CompanyAnalyticsPage],
  [paths.companyListing.path, CompanyListingPage],
  [paths.company.path, CompanyPage],
  [paths.companyOverview.path, CompanyOverviewPage],
  [paths.admin.path, AdminCenterPage],
  [paths.adminSection.href('approvals/companies'), CompanyApprovalsPage],
  [paths.adminSection.href('approvals/listings'), ListingApprovalsPage],
  [paths.adminSection.href('approvals/events'), EventApprovalsPage],
  [paths.adminSection.href('approvals/subscriptions'), SubscriptionApprovalsPage],
  [paths.eventReview.path, EventReviewPage],
  [paths.adminSection.href('products'), AdminProductsPage],
  [paths.adminSection.href('regions'), RegionsAdminPage],
  [paths.adminSection.href('settings'), AdminSettingsPage],
  [paths.adminSection.href('categories'), CategoriesAdminPage],
  [paths.adminCategory.path, CategoryAdminPage],
  [paths.adminSection.href('category-services'), CategoryServicesAdminPage],
  [paths.adminSection.href('subcategory-services'), SubCategoryServicesAdminPage],
  [paths.adminSection.href('subcategories'), SubCategoriesAdminPage],
  [paths.adminSubCategory.path, SubCategoryAdminPage],
];

/**
 * Loads the screen an address shows (with its messages). Nothing for the built-in error pages, nor
 * for a login-only screen without a session (the guard sends that visitor to login instead).
 */
export function preloadScreen(pathname: string, loggedIn: boolean): Promise<void> {
  if (!loggedIn && (needsLogin(pathname) || needsAdmin(pathname))) return Promise.resolve();
  const found = SCREENS.find(([pattern]) => matchRoute(parse, pattern, pathname)[0]);
  return found ? found[1].preload() : Promise.resolve();
}

/**
 * Taps kept from before the app was live (src/app/early-taps.ts) are replayed from inside the
 * screens' boundary: its effects run once the screen is hydrated too. From App's own effect a tap
 * on the screen came while its lazy boundary was still server markup, and React dropped it.
 */
function ReplayEarlyTaps() {
  useEffect(() => {
    replayEarlyTaps();
    // The start snapshot's too (src/ui/start-snapshot.ts): React replaced it with this screen.
    replayStartSnapshotTap();
  }, []);
  return null;
}

/** The route table. Routes of later features are added here by their issues. */
export function AppRoutes() {
  return (
    <Suspense fallback={<div className="flex justify-center py-20"><Spinner size="lg" /></div>}>
      <Switch>
        {SCREENS.map(([pattern, Component]) => <Route key={pattern} path={pattern} component={Component} />)}
        <Route path={paths.forbidden.path} component={ForbiddenPage} />
        <Route path={paths.serverError.path} component={ServerErrorPage} />
        <Route component={NotFoundPage} />
      </Switch>
      <ReplayEarlyTaps />
    </Suspense>
  );
}
