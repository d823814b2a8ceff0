import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Switch } from 'wouter';
import { ForbiddenPage, NotFoundPage, ServerErrorPage } from '../features/errors/ErrorPage';
import { Spinner } from '../ui/Spinner';
import { withCatalog } from './i18n';
import { paths } from './paths';

type ScreenModule = Promise<{ default: ComponentType }>;
// A screen loads with the messages beyond the shell's catalog (src/app/i18n.ts); home is part of
// the shell and its messages are already in.
const page = (load: () => ScreenModule): LazyExoticComponent<ComponentType> => lazy(withCatalog(load));
const shellPage = (load: () => ScreenModule): LazyExoticComponent<ComponentType> => lazy(load);

// Every screen is its own chunk, loaded when its route is first visited. The error pages are
// tiny and also serve the error boundary, so they stay in the main bundle.
const HomePage = shellPage(() => import('../features/home/HomePage'));
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
const ProfilePage = page(() => import('../features/profile/ProfilePage'));
const AdminCenterPage = page(() => import('../features/admin/AdminCenterPage'));

/** The route table. Routes of later features are added here by their issues. */
export function AppRoutes() {
  return (
    <Suspense fallback={<div className="flex justify-center py-20"><Spinner size="lg" /></div>}>
      <Switch>
        <Route path={paths.home.path} component={HomePage} />
        <Route path={paths.homeAlias.path} component={HomePage} />
        <Route path={paths.advertise.path} component={AdvertisePage} />
        <Route path={paths.contactUs.path} component={ContactUsPage} />
        <Route path={paths.terms.path} component={TermsPage} />
        <Route path={paths.privacy.path} component={PrivacyPage} />
        <Route path={paths.search.path} component={SearchPage} />
        <Route path={paths.listings.path} component={BrowsePage} />
        <Route path={paths.listing.path} component={ListingPage} />
        <Route path={paths.favorites.path} component={FavoritesPage} />
        <Route path={paths.login.path} component={LoginPage} />
        <Route path={paths.register.path} component={RegisterPage} />
        <Route path={paths.forgotPassword.path} component={ForgotPasswordPage} />
        <Route path={paths.resetPassword.path} component={ResetPasswordPage} />
        <Route path={paths.confirmEmail.path} component={ConfirmEmailPage} />
        <Route path={paths.profile.path} component={ProfilePage} />
        <Route path={paths.admin.path} component={AdminCenterPage} />
        <Route path={paths.forbidden.path} component={ForbiddenPage} />
        <Route path={paths.serverError.path} component={ServerErrorPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
