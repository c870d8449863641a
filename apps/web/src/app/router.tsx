import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/page-spinner';
import { ProtectedRoute, PublicOnlyRoute } from './protected-route';

// Every screen is its own chunk (React.lazy) so the first load stays small; /login never loads the shell.
const Shell = lazy(() => import('@/components/layout/shell'));
const LoginRoute = lazy(() => import('./routes/login'));
const RegisterRoute = lazy(() => import('./routes/register'));
const ForgotPasswordRoute = lazy(() => import('./routes/forgot-password'));
const ResetPasswordRoute = lazy(() => import('./routes/reset-password'));
const DashboardRoute = lazy(() => import('./routes/dashboard'));
const ClientsRoute = lazy(() => import('./routes/clients'));
const ItemsRoute = lazy(() => import('./routes/items'));
const SettingsRoute = lazy(() => import('./routes/settings'));
const PricingRoute = lazy(() => import('./routes/pricing'));
const QuotesRoute = lazy(() => import('./routes/quotes'));
const InvoicesRoute = lazy(() => import('./routes/invoices'));
const CreditNotesRoute = lazy(() => import('./routes/credit-notes'));
const CalendarRoute = lazy(() => import('./routes/calendar'));
const ReportsRoute = lazy(() => import('./routes/reports'));
const RecurringRoute = lazy(() => import('./routes/recurring'));
const ClientAccountRoute = lazy(() => import('./routes/client-account'));
const DataTransferRoute = lazy(() => import('./routes/data-transfer'));

/** The route table (docs/product.md, "Screens"). */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route path="/login" element={<PublicOnlyRoute><LoginRoute /></PublicOnlyRoute>} />
        <Route path="/register" element={<PublicOnlyRoute><RegisterRoute /></PublicOnlyRoute>} />
        <Route path="/forgot-password" element={<ForgotPasswordRoute />} />
        <Route path="/reset-password" element={<ResetPasswordRoute />} />
        <Route path="/" element={<ProtectedRoute><Shell /></ProtectedRoute>}>
          <Route index element={<Navigate to="/dashboard" replace />} />
          <Route path="dashboard" element={<DashboardRoute />} />
          <Route path="clients" element={<ClientsRoute />} />
          <Route path="clients/:id" element={<ClientAccountRoute />} />
          <Route path="quotes" element={<QuotesRoute />} />
          <Route path="invoices" element={<InvoicesRoute />} />
          <Route path="credit-notes" element={<CreditNotesRoute />} />
          <Route path="recurring" element={<RecurringRoute />} />
          <Route path="items" element={<ItemsRoute />} />
          <Route path="calendar" element={<CalendarRoute />} />
          <Route path="reports" element={<ReportsRoute />} />
          <Route path="data" element={<DataTransferRoute />} />
          <Route path="settings" element={<SettingsRoute />} />
          <Route path="pricing" element={<PricingRoute />} />
        </Route>
        <Route path="*" element={<Navigate to="/dashboard" replace />} />
      </Routes>
    </Suspense>
  );
}
