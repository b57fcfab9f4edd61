// The console: react-admin over the declared resources, with our pages around them.
import { lazy, useMemo } from 'react';
import { BrowserRouter, Navigate, Route, useParams } from 'react-router-dom';
import { Admin, CustomRoutes, Notification, Resource, type TranslationMessages } from 'react-admin';
import { resources } from '../resources';
import type { Lang } from '../resources/accounts';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { configureHttp } from './providers/http';
import { makeI18nProvider } from './providers/i18nProvider';
import { plugParts, viewsOf } from './declared';
import { overrides } from './overrides';
import { AppLayout } from './layout/AppLayout';
import { useAppTheme } from './layout/theme';
import { RedirectPage } from './layout/Redirect';
import { LoginPage } from './pages/LoginPage';
import { NotFoundPage, UnauthorizedPage } from './pages/ErrorPages';
import { AuthRedirectPage } from './pages/AuthRedirectPage';
import { RequirePage } from './catalog/RequirePermission';
import { recordName } from './lib/rowName';

// Every screen beyond the shell is fetched when first opened (the layout's Suspense shows progress).
const DashboardPage = lazy(() => import('./pages/DashboardPage').then((m) => ({ default: m.DashboardPage })));
const ProfilePage = lazy(() => import('./pages/ProfilePage').then((m) => ({ default: m.ProfilePage })));
const StockPage = lazy(() => import('./pages/StockPage').then((m) => ({ default: m.StockPage })));
const VisitPlanPage = lazy(() => import('./replenishment/VisitPlanPage').then((m) => ({ default: m.VisitPlanPage })));
const ImportPage = lazy(() => import('./import/ImportPage').then((m) => ({ default: m.ImportPage })));
const CopyProductsPage = lazy(() => import('./pages/CopyProductsPage').then((m) => ({ default: m.CopyProductsPage })));
const RefundApprovalPage = lazy(() => import('./orders/RefundList').then((m) => ({ default: m.RefundApprovalPage })));

// The features' parts the generated screens show (src/parts.ts), fetched with the first of those screens
plugParts(() => import('./parts').then((m) => m.parts));

/** A failed call's text stays for 5 seconds (docs/rules.md, Messages). */
const Notification5s = () => <Notification autoHideDuration={5000} />;
const ToDashboard = () => <Navigate to="/dashboard" replace />;
const ToNotFound = () => <Navigate to="/404" replace />;
/** The robot info path of docs/rules.md, Screens; the info page is the robot's show page. */
const DeviceInfoRedirect = () => <Navigate to={`/device/${encodeURIComponent(useParams().id ?? '')}/show`} replace />;

export function App({ lang, messages }: { lang: Lang; messages: TranslationMessages }) {
  const i18nProvider = useMemo(() => makeI18nProvider(lang, messages), [lang, messages]);
  configureHttp(lang, i18nProvider.translate);
  const theme = useAppTheme(i18nProvider.translate('ra.page.loading'));
  return (
    <BrowserRouter>
      <Admin
        title="VendFleet"
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        layout={AppLayout}
        loginPage={LoginPage}
        dashboard={ToDashboard}
        catchAll={ToNotFound}
        accessDenied={UnauthorizedPage}
        notification={Notification5s}
        theme={theme}
        requireAuth
        disableTelemetry
      >
        {resources.map((def) => (
          <Resource
            key={def.name}
            name={def.name}
            {...viewsOf(def, overrides)}
            recordRepresentation={(r) => recordName(def, r, i18nProvider.translate)}
          />
        ))}
        <CustomRoutes>
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="/profile" element={<ProfilePage />} />
          {/* an import's progress, result and undo (src/import/): the server says whose it is */}
          <Route path="/import/:id" element={<ImportPage />} />
          <Route path="/redirect/*" element={<RedirectPage />} />
          {/* the pages of the menu (layout/pages.ts), each behind the permission that lists it there */}
          <Route
            path="/refund-approval"
            element={
              <RequirePage path="/refund-approval">
                <RefundApprovalPage />
              </RequirePage>
            }
          />
          <Route
            path="/product/stock"
            element={
              <RequirePage path="/product/stock">
                <StockPage />
              </RequirePage>
            }
          />
          <Route
            path="/visit-plan"
            element={
              <RequirePage path="/visit-plan">
                <VisitPlanPage />
              </RequirePage>
            }
          />
          <Route
            path="/product/copy"
            element={
              <RequirePage path="/product/copy">
                <CopyProductsPage />
              </RequirePage>
            }
          />
          {/* docs/rules.md (Screens) names these routes; the screens live at their resources' paths. */}
          <Route path="/marketing" element={<Navigate to="/lecode" replace />} />
          <Route path="/device/info/:id" element={<DeviceInfoRedirect />} />
          <Route path="/message/logs" element={<Navigate to="/log" replace />} />
        </CustomRoutes>
        <CustomRoutes noLayout>
          <Route path="/404" element={<NotFoundPage />} />
          <Route path="/401" element={<UnauthorizedPage />} />
          <Route path="/auth-redirect" element={<AuthRedirectPage />} />
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}
